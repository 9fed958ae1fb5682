import type { CatalogueFileInput } from '../apps/server/src/modules/catalog/import-format.ts';
import { generatedCatalogue } from './generate-catalogue.ts';

// [I33] The search benchmark's catalogue (bench/search.ts): generate-catalogue.ts's products (the same
// sellers, categories, kinds, prices, variants and SKUs, B000001…) with names and descriptions a shop
// would write — "Relaxed Navy Merino Hoodie", a sentence or two about it — so one-word, two-word, typo
// and SKU-fragment queries find something; and the queries of each kind, many distinct ones, built from
// the same words, so that rotating over them never asks the reply cache the same thing twice in a row.

export const STYLES = `
  Classic Everyday Relaxed Slim Oversized Cropped Quilted Hooded Waterproof Lightweight Heavyweight Vintage
  Handmade Woven Knitted Striped Speckled Glazed Ribbed Alpine Summit Trail Urban Weekend Studio Coastal
  Harbour Wattle Banksia Ironbark Saltbush Ember Kelp Padded Brushed Washed
`
  .trim()
  .split(/\s+/);
export const MATERIALS = `
  Cotton Merino Linen Wool Denim Leather Canvas Bamboo Hemp Ceramic Stoneware Porcelain Glass Oak Walnut
  Brass Copper Cashmere Fleece Suede Velvet Corduroy Organic Recycled Jersey Twill
`
  .trim()
  .split(/\s+/);
export const COLOURS = `
  Black White Navy Olive Sand Rust Charcoal Forest Mustard Blush Cream Teal Burgundy Ochre Slate Ivory
  Indigo Grey
`
  .trim()
  .split(/\s+/);
/** [singular, plural]: shoppers type either. */
export const NOUNS = `
  Hoodie/Hoodies Jacket/Jackets Tee/Tees Shirt/Shirts Sweater/Sweaters Cardigan/Cardigans Jumper/Jumpers
  Beanie/Beanies Scarf/Scarves Sock/Socks Short/Shorts Trouser/Trousers Jean/Jeans Skirt/Skirts
  Dress/Dresses Vest/Vests Parka/Parkas Raincoat/Raincoats Windbreaker/Windbreakers Backpack/Backpacks
  Tote/Totes Duffel/Duffels Wallet/Wallets Belt/Belts Cap/Caps Sandal/Sandals Sneaker/Sneakers Boot/Boots
  Mug/Mugs Bowl/Bowls Plate/Plates Candle/Candles Throw/Throws Blanket/Blankets Cushion/Cushions
  Pillow/Pillows Towel/Towels Apron/Aprons Vase/Vases Jar/Jars Notebook/Notebooks Journal/Journals
  Lamp/Lamps Basket/Baskets Rug/Rugs Planter/Planters Teapot/Teapots Tumbler/Tumblers Bottle/Bottles
  Bracelet/Bracelets Necklace/Necklaces Umbrella/Umbrellas Poncho/Ponchos Robe/Robes Legging/Leggings
  Polo/Polos Blazer/Blazers Coat/Coats Anorak/Anoraks Singlet/Singlets
`
  .trim()
  .split(/\s+/)
  .map((pair) => pair.split('/') as [string, string]);
/** Words only descriptions use: a match there weighs less than in a name. */
export const DESCRIPTION_WORDS = `
  breathable washable stitched lined adjustable reversible durable packable insulated seamless stretchy
  sustainable soft warm sturdy roomy cosy recyclable ethical fairtrade washed pocketed microwaveable
  dishwasher-safe hand-finished giftable
`
  .trim()
  .split(/\s+/);
const OCCASIONS = [
  'cool mornings on the coast',
  'long weekends',
  'the daily commute',
  'slow Sunday breakfasts',
  'winter by the fire',
  'summer at the beach',
  'trips into the hills',
  'the studio and the garden',
] as const;

/** An integer hash of (i, salt): the same file and queries every run. */
function hash(i: number, salt: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2d);
  h ^= h >>> 15;
  return h >>> 0;
}

/** A deterministic pick from `items` for product `i`. */
const pickOf = <T>(items: readonly T[], i: number, salt: number): T => items[hash(i, salt) % items.length]!;

/** BENCH products of generate-catalogue.ts with realistic names and descriptions. */
export function searchBenchCatalogue(count: number, seed = 1): CatalogueFileInput {
  const file = generatedCatalogue(count, seed);
  const products = (file.products ?? []).map((product, index) => {
    const i = index + 1;
    const style = pickOf(STYLES, i, 1);
    const material = pickOf(MATERIALS, i, 2);
    const [noun] = pickOf(NOUNS, i, 3);
    // A product made in colours says so in its variants; a simple one often names its colour.
    const colour = product.type === 'simple' && i % 3 !== 0 ? `${pickOf(COLOURS, i, 4)} ` : '';
    const extra = pickOf(DESCRIPTION_WORDS, i, 5);
    const other = pickOf(DESCRIPTION_WORDS, i, 6);
    const occasion = pickOf(OCCASIONS, i, 7);
    return {
      ...product,
      name: product.type === 'giftcard' ? `${style} Gift Card` : `${style} ${colour}${material} ${noun}`,
      short_desc: `A ${style.toLowerCase()} ${noun.toLowerCase()} in ${material.toLowerCase()}, ${extra} and ${other}.`,
      description:
        `<p>Our ${style.toLowerCase()} ${material.toLowerCase()} ${noun.toLowerCase()}, made for ${occasion}. ` +
        `${extra[0]!.toUpperCase()}${extra.slice(1)}, ${other} and built to last.</p>`,
    };
  });
  return { ...file, products };
}

export type QueryKind = 'one word' | 'two words' | 'typo' | 'SKU fragment';
export const QUERY_KINDS: QueryKind[] = ['one word', 'two words', 'typo', 'SKU fragment'];

/** One or two typos a shopper makes in `word` (lower case): a letter swapped, dropped, doubled or wrong. */
function typosOf(word: string): string[] {
  const out = new Set<string>();
  const w = word.toLowerCase();
  for (let p = 1; p < w.length - 1; p += 1) {
    out.add(w.slice(0, p) + w[p + 1] + w[p] + w.slice(p + 2)); // jakcet
    out.add(w.slice(0, p) + w.slice(p + 1)); // hodie
    out.add(w.slice(0, p) + w[p] + w.slice(p)); // hooodie
  }
  out.delete(w);
  return [...out].filter((typo) => typo.length >= 4);
}

/** Lower, Title and UPPER case: shoppers type all three; whether they are one cache key is the app's business. */
const cases = (word: string) => [word.toLowerCase(), word, word.toUpperCase()];

/**
 * The distinct queries of each kind, in a deterministic shuffled order, each list long enough (more than
 * the reply cache's 5,000 entries) that a rotation over it is evicted before it comes round again.
 * SKU fragments are taken from `file`'s products and variants.
 */
export function searchQueries(kind: QueryKind, file: CatalogueFileInput, wanted = 8_000): string[] {
  const words = [...STYLES, ...MATERIALS, ...COLOURS, ...NOUNS.flat(), ...DESCRIPTION_WORDS];
  let queries: string[];
  if (kind === 'one word') {
    // Whole words, singular and plural, and word prefixes ("hood" finds hoodies).
    const forms = new Set<string>();
    for (const word of words) {
      for (const form of [word, word.slice(0, 4), word.slice(0, 5), word.slice(0, 6)]) {
        if (form.length >= 3) for (const c of cases(form)) forms.add(c);
      }
    }
    queries = [...forms];
  } else if (kind === 'two words') {
    // What a shopper types: colour, material or style with the kind of thing, either order.
    const first = [...COLOURS, ...MATERIALS, ...STYLES];
    queries = [];
    for (const a of first) {
      for (const [singular, plural] of NOUNS) {
        queries.push(`${a.toLowerCase()} ${singular.toLowerCase()}`);
        queries.push(`${plural.toLowerCase()} ${a.toLowerCase()}`);
      }
    }
  } else if (kind === 'typo') {
    const names = [...NOUNS.flat(), ...MATERIALS, ...COLOURS, ...STYLES];
    queries = [...new Set(names.flatMap(typosOf))];
  } else {
    // Parts of SKUs as shoppers and staff type them (the "MH01", "mh01-xs"): the first five or six
    // characters (a hundred or ten products), a whole one, a variant's start ("b012345-navy").
    queries = [];
    const list = file.products ?? [];
    for (let n = 0; queries.length < Math.max(wanted, 8_000) * 2 && n < list.length * 4; n += 1) {
      const product = list[hash(n, 7) % list.length]!;
      const variant = product.type === 'configurable' ? product.variants?.[0]?.sku : undefined;
      const form = n % 4;
      queries.push(
        form === 0
          ? product.sku.slice(0, 5)
          : form === 1
            ? product.sku.slice(0, 6).toLowerCase()
            : form === 2 || !variant
              ? product.sku
              : variant.split('-').slice(0, 2).join('-').toLowerCase(),
      );
    }
    queries = [...new Set(queries)];
  }
  return shuffled(queries).slice(0, wanted > 0 ? wanted : queries.length);
}

/** A deterministic Fisher–Yates shuffle. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = hash(i, 99) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
