// Route ids of the catalogue's screens, in a module of their own so the product page (and the server's
// renderer) do not load the category screen to read one.

/** A route id as a category or product id: a whole number from 1, else null. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
