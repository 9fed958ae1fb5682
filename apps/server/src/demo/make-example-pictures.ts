// One-off: draws the pictures of docs/catalogue-example.json with the demo shop's drawing kit and writes
// them as ordinary picture files (JPEG, PNG, WebP) next to it, as an operator's export would have them.
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { DEMO_SELLERS } from './demo-sellers.ts';
import { GIFT_CARD_VIEWS, giftCardPicture, mmsTemplate } from './pictures/gift-card-pictures.ts';
import { PRODUCT_VIEWS, productPicture } from './pictures/product-pictures.ts';
import { sellerBanner, sellerLogo } from './pictures/seller-pictures.ts';
import { sizingChart } from './pictures/sizing-chart.ts';

const out = process.argv[2] ?? 'docs/catalogue-pictures';
mkdirSync(out, { recursive: true });
const write = async (name: string, svg: string, format: 'jpeg' | 'png' | 'webp', width?: number) => {
  let image = sharp(Buffer.from(svg), { density: 72 * 1 });
  if (width) image = image.resize({ width });
  const done =
    format === 'jpeg'
      ? image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true })
      : format === 'png'
        ? image.png({ palette: true, quality: 85 })
        : image.webp({ quality: 75 });
  await done.toFile(`${out}/${name}`);
};

const surf = { ...DEMO_SELLERS.surf, name: 'Saltbush Surf Co.', code: 'SS', place: 'Fremantle, WA' };
const honey = { ...DEMO_SELLERS.honey, name: 'Leatherwood Honey Farm', code: 'LH' };
for (const [slug, seller] of [
  ['saltbush-surf', surf],
  ['leatherwood-honey', honey],
] as const) {
  const input = { ...seller, monogram: seller.code };
  await write(`${slug}-logo.png`, sellerLogo(input), 'png');
  await write(`${slug}-banner.jpg`, sellerBanner(input), 'jpeg', 800);
}
const honeyDrawing = {
  kind: 'honey-jar' as const,
  style: {
    colour: '#e0a526',
    accent: honey.palette.primary,
    label: 'Leatherwood',
    mark: 'LH',
    note: '500 g',
  },
  name: 'Leatherwood Honey 500 g',
  brand: honey.name,
  place: honey.place,
  setting: 'bench' as const,
  backdrop: honey.palette.soft,
  swatches: [],
  sizes: [],
};
for (const view of PRODUCT_VIEWS) {
  await write(`honey-500-${view}.jpg`, productPicture(honeyDrawing, view), 'jpeg');
}
const tee = {
  kind: 'tee' as const,
  style: { colour: '#e9e4d8', accent: surf.palette.primary, label: 'Crest Tee', mark: 'SS' },
  name: 'Crest Tee',
  brand: surf.name,
  place: surf.place,
  setting: 'rail' as const,
  backdrop: surf.palette.soft,
  swatches: [
    { title: 'Sea Salt', hex: '#e9e4d8' },
    { title: 'Kelp', hex: '#3d5a3c' },
  ],
  sizes: ['S', 'M', 'L', 'XL'],
};
for (const view of PRODUCT_VIEWS) await write(`tee-crest-${view}.webp`, productPicture(tee, view), 'webp');
await write(
  'tee-crest-kelp.webp',
  productPicture({ ...tee, style: { ...tee.style, colour: '#3d5a3c' } }, 'main'),
  'webp',
);
await write(
  'tees-sizing-chart.png',
  sizingChart({ kind: 'tops', sizes: ['S', 'M', 'L', 'XL'], brand: surf.name, colour: surf.palette.primary }),
  'png',
);
const card = { shop: surf.name, palette: surf.palette, motif: surf.motif, range: '$25 – $100' };
for (const view of GIFT_CARD_VIEWS) await write(`gift-card-${view}.jpg`, giftCardPicture(card, view), 'jpeg');
for (const occasion of ['birthday', 'thank-you', 'congratulations'] as const) {
  await write(
    `template-${occasion}.jpg`,
    mmsTemplate({ shop: surf.name, monogram: 'SS', palette: surf.palette, occasion }),
    'jpeg',
  );
}
