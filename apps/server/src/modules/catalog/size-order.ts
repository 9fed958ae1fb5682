// [DATA-24] The shared order of sizes (docs/catalogue-import.md "Option order"), for catalogue data that
// gives no order of its own (a Magento export: its configurable_variations list children in no
// meaningful order). Letter sizes first, smallest to largest, with the usual spellings of each
// (2XL = XXL, 3XL = XXXL, Small = S); then numeric sizes ascending (28, 30, 32; 7.5, 8); then anything
// else in the order the data named it. The storefront shows the server's order as it is.

export const LETTER_SIZES = [
  'XXXS',
  'XXS',
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  'XXXL',
  'XXXXL',
  'XXXXXL',
] as const;

const SPELLINGS: Record<string, string> = {
  '3XS': 'XXXS',
  '2XS': 'XXS',
  XSMALL: 'XS',
  EXTRASMALL: 'XS',
  SMALL: 'S',
  MEDIUM: 'M',
  LARGE: 'L',
  XLARGE: 'XL',
  EXTRALARGE: 'XL',
  '1XL': 'XL',
  '2XL': 'XXL',
  XXLARGE: 'XXL',
  '3XL': 'XXXL',
  '4XL': 'XXXXL',
  '5XL': 'XXXXXL',
};

/** 0-based rank among LETTER_SIZES, or undefined for a size that is not a letter size. */
export function letterSizeRank(title: string): number | undefined {
  const key = title.toUpperCase().replace(/[\s_-]+/g, '');
  const rank = LETTER_SIZES.indexOf((SPELLINGS[key] ?? key) as (typeof LETTER_SIZES)[number]);
  return rank === -1 ? undefined : rank;
}

const numeric = (title: string): number | undefined =>
  /^\d+(\.\d+)?$/.test(title.trim()) ? Number(title.trim()) : undefined;

/** The titles in the shared size order; a stable sort, so unknown sizes keep the order given. */
export function sortSizes(titles: readonly string[]): string[] {
  const key = (title: string): [number, number] => {
    const letter = letterSizeRank(title);
    if (letter !== undefined) return [0, letter];
    const number = numeric(title);
    if (number !== undefined) return [1, number];
    return [2, 0];
  };
  return titles
    .map((title, index) => ({ title, index, key: key(title) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.index - b.index)
    .map((entry) => entry.title);
}
