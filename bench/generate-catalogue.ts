import type { CatalogueFileInput } from '../apps/server/src/modules/catalog/import-format.ts';

// A large, deterministic catalogue file for the benchmark: 20 sellers, a 3-level tree of 60 leaf
// categories, and `count` products — 85% simple, 13% configurable with colour × size variants, 2% gift
// cards with four prices and three MMS templates. Every product has four pictures.

type FileProduct = NonNullable<CatalogueFileInput['products']>[number];

const COLOURS = ['Black', 'White', 'Navy', 'Olive', 'Sand', 'Rust'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const NOUNS = ['Tee', 'Mug', 'Candle', 'Throw', 'Bowl', 'Tote', 'Beanie', 'Jar', 'Vase', 'Notebook'];
const ADJECTIVES = ['Coastal', 'Ember', 'Saltbush', 'Wattle', 'Harbour', 'Banksia', 'Ironbark', 'Kelp'];

/** A small deterministic PRNG (mulberry32), so every run imports the same file. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function generatedCatalogue(count: number, seed = 42): CatalogueFileInput {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const price = (low: number, high: number) => Math.round((low + next() * (high - low)) * 20) / 20;

  const sellers = Array.from({ length: 20 }, (_, i) => ({
    seller_url: `bench-seller-${i + 1}`,
    name: `Bench Seller ${i + 1}`,
    description: `Seller number ${i + 1} of the benchmark catalogue.`,
    logo_url: `/media/sellers/bench-${i + 1}-logo.svg`,
    banner_url: `/media/sellers/bench-${i + 1}-banner.svg`,
  }));

  const categories: NonNullable<CatalogueFileInput['categories']> = [];
  const leaves: string[] = [];
  for (let a = 1; a <= 5; a += 1) {
    categories.push({ code: `c${a}`, name: `Department ${a}`, position: a });
    for (let b = 1; b <= 4; b += 1) {
      categories.push({ code: `c${a}-${b}`, name: `Aisle ${a}.${b}`, parent: `c${a}`, position: b });
      for (let c = 1; c <= 3; c += 1) {
        const code = `c${a}-${b}-${c}`;
        categories.push({ code, name: `Shelf ${a}.${b}.${c}`, parent: `c${a}-${b}`, position: c });
        leaves.push(code);
      }
    }
  }

  const products: FileProduct[] = [];
  for (let i = 1; i <= count; i += 1) {
    const sku = `B${String(i).padStart(6, '0')}`;
    const kind = next();
    const base = {
      sku,
      name: `${pick(ADJECTIVES)} ${pick(NOUNS)} ${i}`,
      seller: `bench-seller-${(i % 20) + 1}`,
      short_desc: 'A benchmark product with a short description',
      description: '<p>A longer description of a benchmark product, a paragraph or so of text.</p>',
      categories: [pick(leaves)],
      images: [1, 2, 3, 4].map((n) => `/media/products/${sku.toLowerCase()}-${n}.svg`),
    };
    if (kind < 0.85) {
      products.push({ ...base, type: 'simple', price: price(5, 200), qty: Math.floor(next() * 50) });
    } else if (kind < 0.98) {
      const colours = COLOURS.slice(0, 2 + Math.floor(next() * 2));
      const sizes = SIZES.slice(1, 4);
      const from = price(20, 150);
      products.push({
        ...base,
        type: 'configurable',
        price: from,
        variants: colours.flatMap((color) =>
          sizes.map((size) => ({
            sku: `${sku}-${color.toUpperCase()}-${size}`,
            color,
            size,
            qty: Math.floor(next() * 6),
          })),
        ),
      });
    } else {
      products.push({
        ...base,
        type: 'giftcard',
        price: 25,
        variants: [25, 50, 100, 150].map((amount) => ({
          sku: `${sku}-${amount}`,
          gift_card_price: `$${amount}`,
          price: amount,
          qty: 100_000,
        })),
        mms_templates: ['birthday', 'thank-you', 'congratulations'].map((code) => ({
          code,
          name: code.replace('-', ' '),
          image_url: `/media/templates/${code}.png`,
        })),
      });
    }
  }
  return { sellers, categories, products };
}
