// [PDP-07] A colour named without a swatch (a Shopify or Magento export never carries one, a JSON file
// may leave it out) is shown with a swatch made from its name when the name is a common colour:
// 'Navy', 'Heather Grey' (its last word), 'Black/White' (its first colour). An explicit swatch always
// wins, and a guess never replaces a swatch a colour already has (catalog-import-repository.ts).

const NAMED: Record<string, string> = {
  black: '#1b1b1b',
  white: '#f7f7f5',
  cream: '#f1e9d2',
  ivory: '#f4efdf',
  beige: '#d9c8a9',
  sand: '#d8c7a0',
  khaki: '#b5a67c',
  tan: '#c19a6b',
  brown: '#6b4a2f',
  chocolate: '#4a2c1a',
  grey: '#8a8d91',
  gray: '#8a8d91',
  charcoal: '#3b3e42',
  silver: '#c0c2c5',
  navy: '#1f2c4d',
  blue: '#2a62c9',
  indigo: '#33407a',
  denim: '#3d5a80',
  teal: '#1f7a7a',
  turquoise: '#2cb5b0',
  green: '#2f8a46',
  olive: '#6b6b2e',
  khakigreen: '#6b6b2e',
  mint: '#a8e0c4',
  lime: '#9acd32',
  yellow: '#f2cf3a',
  mustard: '#d4a72c',
  gold: '#c9a13b',
  orange: '#ec7a2d',
  rust: '#a84a25',
  red: '#c8312b',
  burgundy: '#6d1f2c',
  maroon: '#6a1e24',
  wine: '#6d1f35',
  pink: '#ee9cb4',
  coral: '#f07a68',
  purple: '#6c3d99',
  lavender: '#b9a6d9',
  lilac: '#c3a6d6',
};

/** '#rrggbb' for a common colour name, or null. */
export function guessSwatch(title: string): string | null {
  const first = title.split(/[/&,+]|\band\b/i)[0] ?? '';
  const words = first.toLowerCase().match(/[a-z]+/g) ?? [];
  const whole = words.join('');
  return NAMED[whole] ?? NAMED[words.at(-1) ?? ''] ?? null;
}
