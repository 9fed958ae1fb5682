// The standard cart paths of SPEC.md §7, called exactly as it lists them (DECISIONS.md "Wire").
export const CARTS_MINE = '/rest/default/V1/carts/mine';
export const CART_ITEMS = `${CARTS_MINE}/items`;

export function cartItemPath(itemId: number | string): string {
  return `${CART_ITEMS}/${encodeURIComponent(String(itemId))}`;
}
