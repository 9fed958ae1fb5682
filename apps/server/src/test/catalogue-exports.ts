import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

// Generated Shopify and Magento product exports of a few hundred products, with their pictures as real
// JPEG files on disk (made with sharp), for the import's scale tests. Each product's sizes are written
// in an order of its own, so the tests can check that every product keeps its order.

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvLine = (cells: readonly string[]) => cells.map(quote).join(',');

/** `count` distinct small JPEGs under dir/pictures; answers their paths relative to dir. */
export async function writePictures(dir: string, count: number): Promise<string[]> {
  mkdirSync(join(dir, 'pictures'), { recursive: true });
  const paths: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const hue = (n * 47) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="hsl(${hue},55%,60%)"/><circle cx="120" cy="120" r="${40 + (n % 50)}" fill="hsl(${(hue + 180) % 360},50%,35%)"/></svg>`;
    const path = `pictures/p${String(n).padStart(4, '0')}.jpg`;
    await sharp(Buffer.from(svg)).jpeg({ quality: 60 }).toFile(join(dir, path));
    paths.push(path);
  }
  return paths;
}

const LETTERS = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const WAISTS = ['28', '29', '30', '31', '32', '34'];
const COLOURS = ['Black', 'Navy', 'Sand', 'Olive', 'Rust', 'Cream'];

export interface GeneratedProduct {
  handle: string;
  colours: string[];
  /** The sizes in the order the export's rows first name them. */
  sizes: string[];
  variants: number;
}

/** Product i's sizes: four of a scale, in an order that differs from product to product. */
function sizesOf(i: number): string[] {
  const scale = i % 3 === 0 ? WAISTS : LETTERS;
  const four = scale.slice(i % 3, (i % 3) + 4);
  return i % 2 === 0 ? four : [...four].reverse();
}

/** A Shopify export of `count` products: two colours × four sizes each, pictures from `pictures`. */
export function shopifyExport(count: number, pictures: readonly string[]) {
  const header = [
    'Handle',
    'Title',
    'Body (HTML)',
    'Vendor',
    'Type',
    'Tags',
    'Option1 Name',
    'Option1 Value',
    'Option2 Name',
    'Option2 Value',
    'Variant SKU',
    'Variant Inventory Qty',
    'Variant Price',
    'Image Src',
    'Image Position',
    'Variant Image',
    'Status',
  ];
  const lines = [csvLine(header)];
  const products: GeneratedProduct[] = [];
  const picture = (n: number) => pictures[n % pictures.length]!;
  for (let i = 0; i < count; i += 1) {
    const handle = `gen-tee-${i}`;
    const colours = [COLOURS[i % 6]!, COLOURS[(i + 1) % 6]!];
    const sizes = sizesOf(i);
    let row = 0;
    for (const colour of colours) {
      for (const size of sizes) {
        const first = row === 0;
        const image = row < 2 ? [picture(i * 3 + row), String(row + 1)] : ['', ''];
        lines.push(
          csvLine([
            handle,
            first ? `Generated Tee ${i}` : '',
            first ? `<p>Tee number ${i}, "soft", heavy cotton.</p>\n<p>Second line.</p>` : '',
            first ? `Vendor ${i % 5}` : '',
            first ? ['Tees', 'Clothing > Men > Tees', 'Clothing > Women > Shorts > Denim'][i % 3]! : '',
            first ? 'generated, cotton' : '',
            first ? 'Color' : '',
            colour,
            first ? 'Size' : '',
            size,
            `GEN-${i}-${colour}-${size}`.toUpperCase(),
            String((i + row) % 7),
            `${20 + (i % 30)}.${row % 2 === 0 ? '00' : '50'}`,
            ...image,
            picture(i * 3 + 2 + colours.indexOf(colour)),
            first ? (i % 25 === 0 ? 'draft' : 'active') : '',
          ]),
        );
        row += 1;
      }
    }
    products.push({ handle, colours, sizes, variants: colours.length * sizes.length });
  }
  return { csv: `${lines.join('\n')}\n`, products };
}

/**
 * A Magento export of `count` configurable products (two colours × three sizes, children listed in a
 * shuffled order) and `simple` simple products, pictures from `pictures` as Magento writes them.
 */
export function magentoExport(count: number, simple: number, pictures: readonly string[]) {
  const header = [
    'sku',
    'store_view_code',
    'attribute_set_code',
    'product_type',
    'categories',
    'name',
    'description',
    'short_description',
    'product_online',
    'price',
    'qty',
    'base_image',
    'additional_images',
    'configurable_variations',
    'configurable_variation_labels',
  ];
  const lines = [csvLine(header)];
  const products: GeneratedProduct[] = [];
  const picture = (n: number) => `/${pictures[n % pictures.length]!}`;
  const categories = [
    'Default Category/Men/Tops/Jackets',
    'Default Category/Women/Bottoms/Shorts,Default Category/Collections/Eco Friendly',
    'Default Category/Collections/Outdoor/Winter/Shells',
  ];
  for (let i = 0; i < count; i += 1) {
    const sku = `MG-${i}`;
    const colours = [COLOURS[(i + 2) % 6]!, COLOURS[(i + 4) % 6]!];
    const letters = i % 2 === 0;
    const sizes = letters ? ['S', 'M', 'L'] : ['30', '32', '34'];
    // Listed in no meaningful order, as an export does: largest size first for half of them.
    const listed = colours.flatMap((colour) =>
      (i % 4 < 2 ? [...sizes].reverse() : [sizes[1]!, sizes[0]!, sizes[2]!]).map((size) => ({
        colour,
        size,
      })),
    );
    const children = listed.map(({ colour, size }) => ({ sku: `${sku}-${size}-${colour}`, colour, size }));
    for (const [n, child] of children.entries()) {
      lines.push(
        csvLine([
          child.sku,
          '',
          'Top',
          'simple',
          '',
          `Generated Jacket ${i}-${child.size}-${child.colour}`,
          '',
          '',
          '1',
          `${40 + (n % 3) * 5}.0000`,
          `${(i + n) % 5}.0000`,
          picture(i * 2 + colours.indexOf(child.colour)),
          '',
          '',
          '',
        ]),
      );
    }
    lines.push(
      csvLine([
        sku,
        '',
        'Top',
        'configurable',
        categories[i % 3]!,
        `Generated Jacket ${i}`,
        `<p>Jacket ${i}, quilted.</p>\n<p>Packs small.</p>`,
        'Quilted jacket',
        i % 30 === 0 ? '2' : '1',
        '',
        '0.0000',
        picture(i * 2),
        [picture(i * 2), picture(i * 2 + 1)].join(','),
        children.map((child) => `sku=${child.sku},size=${child.size},color=${child.colour}`).join('|'),
        'color=Color,size=Size',
      ]),
    );
    lines.push(
      csvLine([sku, 'fr', 'Top', 'configurable', '', `Veste ${i}`, '', '', '', '', '', '', '', '', '']),
    );
    products.push({
      handle: sku,
      colours,
      sizes: letters ? ['S', 'M', 'L'] : ['30', '32', '34'],
      variants: children.length,
    });
  }
  for (let i = 0; i < simple; i += 1) {
    lines.push(
      csvLine([
        `MG-BAG-${i}`,
        '',
        'Bag',
        'simple',
        'Default Category/Gear/Bags',
        `Generated Bag ${i}`,
        '<p>A bag.</p>',
        'Roomy',
        '1',
        `${30 + (i % 10)}.0000`,
        `${i % 9}.0000`,
        picture(i + 7),
        '',
        '',
        '',
      ]),
    );
  }
  return { csv: `${lines.join('\n')}\n`, products };
}

export function writeExport(dir: string, name: string, csv: string): string {
  const path = join(dir, name);
  writeFileSync(path, csv);
  return path;
}
