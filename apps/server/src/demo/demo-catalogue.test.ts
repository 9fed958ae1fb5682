import { describe, expect, it, vi } from 'vitest';
import { type CatalogueFile, catalogueFile } from '../modules/catalog/import-format.ts';
import { demoCatalogue, demoPictures } from './demo-catalogue.ts';

// The demo shop is a real catalogue file: it passes the import format and has everything the storefront
// must be able to show (SPEC.md §3).

const file: CatalogueFile = catalogueFile.parse(demoCatalogue());
const products = file.products;
type Product = CatalogueFile['products'][number];
const configurable = products.filter(
  (product): product is Extract<Product, { type: 'configurable' }> => product.type === 'configurable',
);
const giftCards = products.filter(
  (product): product is Extract<Product, { type: 'giftcard' }> => product.type === 'giftcard',
);
const APPAREL_CATEGORIES = [
  'women-tops',
  'women-dresses',
  'women-knitwear',
  'men-tees',
  'men-shirts',
  'men-hoodies',
];

/** Every picture URL the file names. */
function pictureUrls(): string[] {
  const urls = new Set<string>();
  for (const seller of file.sellers) urls.add(seller.logo_url).add(seller.banner_url);
  for (const product of products) {
    for (const image of product.images) urls.add(image);
    if (product.type !== 'simple')
      for (const variant of product.variants) if (variant.image) urls.add(variant.image);
    if (product.tabs.sizing_chart_url) urls.add(product.tabs.sizing_chart_url);
    if (product.type === 'giftcard')
      for (const template of product.mms_templates) urls.add(template.image_url);
  }
  return [...urls];
}

function svgOf(url: string): string {
  const match = /^\/media\/([a-z]+)\/([a-z0-9-]+)\.(svg|png)$/.exec(url);
  if (!match) throw new Error(`not a media URL: ${url}`);
  const svg = demoPictures().svg(match[2] ?? '');
  if (svg === undefined) throw new Error(`no picture for ${url}`);
  return svg;
}

describe('the demo catalogue', () => {
  it('passes the catalogue import format', () => {
    expect(catalogueFile.safeParse(demoCatalogue()).success).toBe(true);
  });

  it('is deterministic: built again from scratch it is the same file, without Math.random', async () => {
    const random = vi.spyOn(Math, 'random');
    vi.resetModules();
    const fresh = await import('./demo-catalogue.ts');
    expect(fresh.demoCatalogue()).toEqual(demoCatalogue());
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
  });

  it('has at least 6 sellers, each with a logo, a banner and a description of a few sentences', () => {
    expect(file.sellers.length).toBeGreaterThanOrEqual(6);
    for (const seller of file.sellers) {
      expect(seller.logo_url).toMatch(/^\/media\/sellers\/[a-z0-9-]+\.svg$/);
      expect(seller.banner_url).toMatch(/^\/media\/sellers\/[a-z0-9-]+\.svg$/);
      const sentences = seller.description.split(/[.!?](\s|$)/).filter((part) => part.trim().length > 10);
      expect(sentences.length, seller.name).toBeGreaterThanOrEqual(2);
      expect(products.some((product) => product.seller === seller.seller_url)).toBe(true);
    }
  });

  it('has a three-level category tree, and every product sits in a category that exists', () => {
    const parents = new Map(file.categories.map((category) => [category.code, category.parent ?? null]));
    const level = (code: string): number => {
      const parent = parents.get(code);
      return parent ? 1 + level(parent) : 1;
    };
    const levels = file.categories.map((category) => level(category.code));
    expect(Math.max(...levels)).toBe(3);
    expect(levels.filter((value) => value === 1).length).toBeGreaterThanOrEqual(3);
    for (const product of products) {
      expect(product.categories.length, product.name).toBeGreaterThan(0);
      for (const code of product.categories) expect(parents.has(code), code).toBe(true);
    }
    // Every leaf of the tree has something to show.
    const leaves = file.categories.filter(
      (category) => !file.categories.some((c) => c.parent === category.code),
    );
    for (const leaf of leaves) {
      expect(
        products.some((product) => product.categories.includes(leaf.code)),
        leaf.code,
      ).toBe(true);
    }
  });

  it('has at least 150 products with names, believable prices and short and long descriptions', () => {
    expect(products.length).toBeGreaterThanOrEqual(150);
    expect(new Set(products.map((product) => product.name)).size).toBe(products.length);
    for (const product of products) {
      expect(product.price).toBeGreaterThanOrEqual(5);
      expect(product.price).toBeLessThanOrEqual(200);
      expect(product.short_desc.length).toBeGreaterThan(10);
      expect(product.description.length).toBeGreaterThan(product.short_desc.length);
    }
  });

  it('[PDP-03] gives every product a main picture and three secondary pictures', () => {
    for (const product of products) {
      expect(product.images, product.name).toHaveLength(4);
      expect(new Set(product.images).size).toBe(4);
    }
  });

  it('[PDP-15, PDP-16, PDP-17] gives every product two shipping rows and 2–4 FAQ pairs, apparel a sizing chart', () => {
    for (const product of products) {
      expect(product.tabs.shipping.map((row) => row.label)).toEqual(['Delivery', 'Returns']);
      expect(product.tabs.faq.length).toBeGreaterThanOrEqual(2);
      expect(product.tabs.faq.length).toBeLessThanOrEqual(4);
      if (product.categories.some((code) => APPAREL_CATEGORIES.includes(code))) {
        expect(product.tabs.sizing_chart_url, product.name).toMatch(/^\/media\/charts\/[a-z0-9-]+\.svg$/);
      }
    }
  });

  it('[PDP-07] has configurable apparel with colour AND size, some with XS or XXL, and colour-only products', () => {
    const both = configurable.filter((product) => product.variants.every((v) => v.color && v.size));
    expect(both.length).toBeGreaterThanOrEqual(20);
    const sizes = new Set(both.flatMap((product) => product.variants.map((v) => v.size)));
    expect([...sizes]).toEqual(expect.arrayContaining(['XS', 'S', 'M', 'L', 'XL', 'XXL']));
    expect(configurable.some((product) => product.variants.every((v) => v.color && !v.size))).toBe(true);
    for (const product of configurable) {
      for (const choice of product.options?.color ?? []) expect(choice.swatch).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('[TILE-06, PDP-05] has products out of stock entirely: simple ones and a configurable one with every child at 0', () => {
    const simpleOut = products.filter((product) => product.type === 'simple' && product.qty === 0);
    expect(simpleOut.length).toBeGreaterThanOrEqual(2);
    expect(configurable.some((product) => product.variants.every((v) => v.qty === 0))).toBe(true);
    // Most of the shop can be bought.
    const inStock = products.filter((product) =>
      product.type === 'simple' ? product.qty > 0 : product.variants.some((v) => v.qty > 0),
    );
    expect(inStock.length).toBeGreaterThan(products.length * 0.9);
  });

  it('has colours that make a size unavailable: the size is out for one colour and in stock for another', () => {
    const cases = configurable.flatMap((product) =>
      product.variants
        .filter((variant) => variant.qty === 0 && variant.color && variant.size)
        .filter((variant) =>
          product.variants.some(
            (other) => other.size === variant.size && other.color !== variant.color && other.qty > 0,
          ),
        )
        .map((variant) => `${product.name}: ${variant.color} ${variant.size}`),
    );
    expect(cases).toEqual(expect.arrayContaining(['Cottesloe Crew Tee: Sunset Orange L']));
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it('[GIFT-01, TILE-05] has at least 2 gift cards with several price options and at least 3 MMS templates as PNG', () => {
    expect(giftCards.length).toBeGreaterThanOrEqual(2);
    for (const card of giftCards) {
      const prices = card.variants.map((variant) => variant.gift_card_price);
      expect(prices.length).toBeGreaterThanOrEqual(4);
      expect(prices).toEqual(expect.arrayContaining(['$25', '$50', '$100']));
      for (const variant of card.variants) expect(`$${variant.price}`).toBe(variant.gift_card_price);
      expect(card.price).toBe(25);
      expect(card.mms_templates.length).toBeGreaterThanOrEqual(3);
      expect(card.mms_templates.map((template) => template.name)).toEqual(
        expect.arrayContaining(['Birthday', 'Thank You', 'Christmas']),
      );
      for (const template of card.mms_templates) {
        expect(template.image_url).toMatch(/^\/media\/templates\/[a-z0-9-]+\.png$/);
      }
      expect(card.categories).toEqual(['gift-cards']);
    }
  });

  it('[CONST-08, CONST-09] draws product pictures 1.2 times as high as wide and gift cards 0.62', () => {
    const size = (svg: string) => {
      const [, width, height] = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg) ?? [];
      return Number(height) / Number(width);
    };
    for (const product of products) {
      for (const image of product.images) {
        expect(size(svgOf(image))).toBeCloseTo(product.type === 'giftcard' ? 0.62 : 1.2, 2);
      }
    }
  });

  it('keeps every picture small, in its own pictures (no downloads) and with generic font families only', () => {
    const urls = pictureUrls();
    expect(urls.length).toBeGreaterThan(600);
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/(products|sellers|giftcards|templates|charts)\/[a-z0-9-]+\.(svg|png)$/);
      // Fastify answers 414 for a path parameter over 100 characters.
      expect(url.split('/').pop()?.length ?? 0).toBeLessThanOrEqual(100);
      const svg = svgOf(url);
      expect(svg.length, url).toBeLessThan(12_000);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).not.toMatch(/href="(https?:|\/\/)|<image|<script/);
      for (const [, family] of svg.matchAll(/font-family="([^"]*)"/g))
        expect(['sans-serif', 'serif']).toContain(family);
    }
    // Each product's pictures are its own drawings, not one placeholder repeated.
    const mains = new Set(products.map((product) => svgOf(product.images[0] ?? '')));
    expect(mains.size).toBe(products.length);
  });

  it('[I11-17] [PDP-07] gives each colour of a product in several colours a picture drawn in that colour', () => {
    const colourful = configurable.filter((product) => (product.options?.color?.length ?? 0) > 1);
    expect(colourful.length).toBeGreaterThan(10);
    for (const product of colourful) {
      const choices = product.options?.color ?? [];
      const pictureOf = (title: string) =>
        new Set(
          product.variants.filter((variant) => variant.color === title).map((variant) => variant.image),
        );
      // Every variant of a colour shares that colour's one picture; the first colour's is the main picture.
      for (const choice of choices) expect(pictureOf(choice.title).size, product.name).toBe(1);
      expect([...pictureOf(choices[0]?.title ?? '')]).toEqual([product.images[0]]);
      const pictures = choices.map((choice) => [...pictureOf(choice.title)][0] ?? '');
      expect(new Set(pictures).size, product.name).toBe(choices.length);
      for (const [index, choice] of choices.entries()) {
        expect(svgOf(pictures[index] ?? ''), `${product.name} in ${choice.title}`).toContain(
          `fill="${choice.swatch}"`,
        );
      }
    }
  });

  it('draws each product in its own colour with its name on the swing tag', () => {
    const tee = configurable.find((product) => product.name === 'Cottesloe Crew Tee');
    const navy = tee?.options?.color?.find((choice) => choice.title === 'Navy')?.swatch;
    expect(navy).toBeTruthy();
    expect(svgOf(tee?.images[0] ?? '')).toContain(`fill="${navy}"`);
    expect(svgOf(tee?.images[3] ?? '')).toContain('Cottesloe Crew');
  });
});
