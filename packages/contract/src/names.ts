// Full names as the registration and address forms take them (SPEC.md §5).

export interface SplitName {
  firstname: string;
  lastname: string;
}

/** The words of a name, trimmed, with runs of whitespace collapsed. */
function words(fullname: string | null | undefined): string[] {
  if (typeof fullname !== 'string') return [];
  return fullname.trim().split(/\s+/).filter(Boolean);
}

/** Trimmed, with runs of whitespace collapsed to one space. */
export function normaliseFullName(fullname: string | null | undefined): string {
  return words(fullname).join(' ');
}

/**
 * [VAL-16, VAL-17, VAL-22, VAL-23] The first word is the first name; the rest, spaces kept, is the last
 * name: 'Jane van Dyke' → Jane / van Dyke. A single word leaves the last name empty.
 */
export function splitFullName(fullname: string | null | undefined): SplitName {
  const [firstname = '', ...rest] = words(fullname);
  return { firstname, lastname: rest.join(' ') };
}

/** The inverse, for showing a stored customer's name in the fullname field. */
export function joinFullName(
  firstname: string | null | undefined,
  lastname: string | null | undefined,
): string {
  return normaliseFullName(`${firstname ?? ''} ${lastname ?? ''}`);
}

/** [VAL-04, VAL-21] A full name has at least two words. */
export function isFullName(fullname: string | null | undefined): boolean {
  return words(fullname).length >= 2;
}
