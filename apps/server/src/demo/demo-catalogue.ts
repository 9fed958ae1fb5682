import type { CatalogueFileInput } from '../modules/catalog/import-format.ts';
import { DEMO_GIFT_CARDS, DEMO_LINES, type DemoLine } from './demo-products.ts';
import { DEMO_CATEGORIES, DEMO_COLOURS, DEMO_SELLERS, type DemoSeller } from './demo-sellers.ts';
import { PictureLibrary, slugOf } from './picture-library.ts';
import {
  GIFT_CARD_VIEWS,
  giftCardPicture,
  mmsTemplate,
  OCCASION_NAMES,
  OCCASIONS,
} from './pictures/gift-card-pictures.ts';
import { PRODUCT_VIEWS, productPicture } from './pictures/product-pictures.ts';
import type { ShapeKind } from './pictures/product-shapes.ts';
import { sellerBanner, sellerLogo } from './pictures/seller-pictures.ts';
import { sizingChart } from './pictures/sizing-chart.ts';
import { seededRandom } from './seeded-random.ts';

// The demo shop as one catalogue import file (the same format as `npm run cli -- import`), together with
// the pictures its URLs point at. Built once per process and deterministic: the same file every time,
// so seeding twice changes nothing.

type ProductInput = NonNullable<CatalogueFileInput['products']>[number];
type Faq = { question: string; answer: string }[];

const APPAREL: ShapeKind[] = ['tee', 'tank', 'shirt', 'hoodie', 'dress', 'jumper', 'cardigan'];

const colourOf = (name: string) => DEMO_COLOURS[name] ?? name;

function faqFor(line: DemoLine, seller: DemoSeller): Faq {
  const exchange = { question: 'Can I swap the size?', answer: seller.returns };
  switch (line.kind) {
    case 'tee':
    case 'tank':
    case 'hoodie':
      return [
        {
          question: 'How does it fit?',
          answer:
            'True to size with a relaxed cut. The size guide tab has the measurements; between sizes, size up.',
        },
        {
          question: 'How do I wash it?',
          answer:
            'Cold machine wash inside out and line dry in the shade. Skip the dryer to keep the print crisp.',
        },
        exchange,
      ];
    case 'shirt':
    case 'dress':
      return [
        {
          question: 'How does it fit?',
          answer:
            'Relaxed and roomy. Our model is 172 cm and wears a size S; the size guide has every measurement.',
        },
        {
          question: 'How do I care for linen?',
          answer: 'Machine wash cold on a gentle cycle and line dry. Linen gets softer with every wash.',
        },
        {
          question: 'Is it see-through?',
          answer: 'The lighter colours are slightly sheer in bright sun; the rest are not.',
        },
        exchange,
      ];
    case 'jumper':
    case 'cardigan':
      return [
        {
          question: 'How does it fit?',
          answer:
            'A relaxed fit with room for a shirt underneath. Check the size guide for chest and length.',
        },
        {
          question: 'How do I care for merino?',
          answer: 'Hand wash cool with wool wash or use the wool cycle, then dry flat in the shade.',
        },
        {
          question: 'Will it pill?',
          answer:
            'A little light pilling is normal in the first weeks of wear; a wool comb takes it off in a minute.',
        },
      ];
    case 'socks':
      return [
        {
          question: 'Which size should I choose?',
          answer: "S fits AU women's 4–7, M fits women's 8–11 and men's 6–9, L fits men's 9–12.",
        },
        {
          question: 'Can they go in the machine?',
          answer: 'Yes, on a warm wash. Skip the dryer so they keep their shape.',
        },
      ];
    case 'cap':
    case 'beanie':
      return [
        {
          question: 'Is it one size?',
          answer:
            line.kind === 'cap'
              ? 'Yes. The adjustable strap fits heads from 56 to 61 cm.'
              : 'Yes. The stretchy rib fits heads from 54 to 60 cm.',
        },
        { question: 'How do I wash it?', answer: 'Hand wash cool and dry flat.' },
      ];
    case 'tote':
      return [
        {
          question: 'How much does it hold?',
          answer: 'A week of groceries, or a towel, a wetsuit and a book.',
        },
        {
          question: 'Can I wash it?',
          answer: 'Yes, cold machine wash and line dry. It may shrink a little the first time.',
        },
      ];
    case 'candle':
    case 'candle-tin':
      return [
        {
          question: 'How long does it burn?',
          answer: line.kind === 'candle' ? 'About 60 hours.' : 'About 25 hours per tin or tealight set.',
        },
        {
          question: 'How do I get an even burn?',
          answer:
            'Let the first burn reach the edge of the wax, about two hours, and trim the wick to 5 mm before each light.',
        },
        {
          question: 'What is it made of?',
          answer: 'Natural wax, a cotton wick and phthalate-free fragrance or none at all.',
        },
      ];
    case 'diffuser':
      return [
        { question: 'How long does it last?', answer: 'About three months in an average room.' },
        { question: 'How do I make it stronger?', answer: 'Flip the reeds once a week, or add a few more.' },
      ];
    case 'soap':
      return [
        {
          question: 'Is it suitable for sensitive skin?',
          answer: 'It is gentle and made without palm oil, but try it on a small patch of skin first.',
        },
        {
          question: 'How long does a bar last?',
          answer: 'About six weeks of daily use if it dries between uses.',
        },
      ];
    case 'honey-jar':
    case 'honeycomb':
      return [
        {
          question: 'Why has my honey gone solid?',
          answer:
            'Raw honey crystallises naturally. Stand the jar in warm water for a while and it turns runny again.',
        },
        {
          question: 'Is it raw?',
          answer: 'Yes. It is cold-extracted and never heated above the temperature of the hive.',
        },
        { question: 'Can babies have it?', answer: 'No honey for children under 12 months, please.' },
      ];
    case 'wax-wrap':
      return [
        {
          question: 'How do I clean them?',
          answer: 'Rinse in cool water with a little mild soap and hang to dry.',
        },
        {
          question: 'How long do they last?',
          answer: 'About a year of regular use; then they make great fire starters.',
        },
      ];
    case 'mug':
    case 'bowl':
    case 'plate':
      return [
        {
          question: 'Is it dishwasher and microwave safe?',
          answer: 'Yes, all our glazes are food safe, dishwasher and microwave safe.',
        },
        {
          question: 'Why does mine look a little different?',
          answer:
            'Every piece is thrown and glazed by hand, so the glaze and size vary a little from the photos.',
        },
      ];
    case 'vase':
    case 'planter':
      return [
        {
          question: line.kind === 'vase' ? 'Is it watertight?' : 'Does it have a drainage hole?',
          answer: line.kind === 'vase' ? 'Yes, it is glazed inside.' : 'Yes, and it comes with a saucer.',
        },
        {
          question: 'Can it go outside?',
          answer: 'Our stoneware is frost resistant, but bring it in for the coldest nights.',
        },
      ];
    case 'throw':
    case 'tea-towel':
      return [
        {
          question: 'What size is it?',
          answer:
            line.kind === 'throw'
              ? '130 × 180 cm, plus the fringe.'
              : '50 × 70 cm for tea towels, 45 × 45 cm for napkins.',
        },
        { question: 'How do I wash it?', answer: 'Cold gentle wash and line dry, or dry clean for wool.' },
        {
          question: 'Will it shrink?',
          answer: 'It is prewashed, so it should not shrink more than a little.',
        },
      ];
    case 'tea-tin':
      return [
        {
          question: 'How do I brew it?',
          answer: 'One teaspoon per cup, water just off the boil, steep three to five minutes.',
        },
        { question: 'How many cups are in a tin?', answer: 'A 100 g tin makes about 40 cups.' },
      ];
    case 'notebook':
      return [
        {
          question: 'What is the paper like?',
          answer: '120 gsm recycled paper that takes fountain pen ink without bleeding.',
        },
        {
          question: 'How many pages?',
          answer: '192 pages, except the pocket notebooks, which have 64 each.',
        },
      ];
    case 'card':
      return [
        {
          question: 'Is it blank inside?',
          answer: 'Yes, with room for a proper message, and a recycled kraft envelope.',
        },
        { question: 'How is it printed?', answer: 'On our 1950s letterpress, one colour at a time.' },
      ];
    default:
      return [
        { question: 'Does it come gift wrapped?', answer: 'Yes: boxed and tied with ribbon, ready to give.' },
        {
          question: 'Can I send it straight to someone?',
          answer: 'Yes. No prices are packed with the parcel.',
        },
      ];
  }
}

interface BuiltShop {
  catalogue: CatalogueFileInput;
  pictures: PictureLibrary;
}

function build(): BuiltShop {
  const pictures = new PictureLibrary();
  const sellers: NonNullable<CatalogueFileInput['sellers']> = [];
  const products: ProductInput[] = [];
  const charts = new Map<string, string>();

  for (const seller of Object.values(DEMO_SELLERS)) {
    const input = { ...seller, monogram: seller.code };
    sellers.push({
      seller_url: seller.seller_url,
      name: seller.name,
      description: seller.description,
      logo_url: pictures.add('sellers', `${seller.seller_url}-logo`, sellerLogo(input)),
      banner_url: pictures.add('sellers', `${seller.seller_url}-banner`, sellerBanner(input)),
    });
  }

  for (const line of DEMO_LINES) {
    const seller = DEMO_SELLERS[line.seller];
    const sku = `${seller.code}-${slugOf(line.name).toUpperCase()}`;
    const random = seededRandom(sku);
    const colours = line.colours ?? [];
    const sizes = line.sizes ?? [];
    const colour = colourOf(colours[0] ?? line.colour ?? seller.palette.primary);
    const apparel = APPAREL.includes(line.kind) || line.kind === 'socks';
    const style = {
      colour,
      accent:
        line.accent ?? (apparel || line.kind === 'throw' ? seller.palette.secondary : seller.palette.primary),
      label: line.label ?? line.name,
      mark: seller.code,
      pattern: line.pattern,
      note: line.note,
      print: line.print,
    };
    const drawing = {
      kind: line.kind,
      style,
      name: line.name,
      brand: seller.name,
      place: seller.place,
      setting: line.setting ?? 'table',
      backdrop: seller.palette.soft,
      swatches: colours.map((title) => ({ title, hex: colourOf(title) })),
      sizes,
    };
    const images = PRODUCT_VIEWS.map((view) =>
      pictures.add('products', `${sku}-${view}`, productPicture(drawing, view)),
    );
    // [PDP-07] Each colour has its own main picture, shown when the shopper picks that colour; the first
    // colour's is the product's main picture itself (same drawing, same URL).
    const colourImages = new Map(
      (colours.length > 1 ? colours : []).map((title, index) => [
        title,
        index === 0
          ? images[0]
          : pictures.add(
              'products',
              `${sku}-${title}-main`,
              productPicture({ ...drawing, style: { ...style, colour: colourOf(title) } }, 'main'),
            ),
      ]),
    );
    let chartUrl: string | undefined;
    if (line.chart) {
      const slug = `${seller.seller_url}-${line.chart}-${sizes.join('').toLowerCase()}`;
      chartUrl =
        charts.get(slug) ??
        pictures.add(
          'charts',
          slug,
          sizingChart({ kind: line.chart, sizes, brand: seller.name, colour: seller.palette.primary }),
        );
      charts.set(slug, chartUrl);
    }
    const base = {
      sku,
      name: line.name,
      seller: seller.seller_url,
      price: line.price,
      short_desc: line.short,
      description: `${line.about} ${seller.tagline} from ${seller.name} in ${seller.place}.`,
      categories: line.categories,
      images,
      tabs: {
        shipping: [
          { label: 'Delivery', value: `${seller.dispatch} Standard and express delivery Australia-wide.` },
          { label: 'Returns', value: seller.returns },
        ],
        sizing_chart_url: chartUrl ?? null,
        faq: faqFor(line, seller).slice(0, 4),
      },
    };

    if (colours.length > 1 || sizes.length > 0) {
      const colourAxis: (string | undefined)[] = colours.length ? colours : [undefined];
      const sizeAxis: (string | undefined)[] = sizes.length ? sizes : [undefined];
      const variants = colourAxis.flatMap((colourName) =>
        sizeAxis.map((size) => {
          const none = line.unavailable?.some(([c, s]) => c === colourName && (s === '' || s === size));
          const qty = line.soldOut || none ? 0 : random.chance(0.08) ? 0 : random.int(2, 40);
          const parts = [colourName, size].filter((part): part is string => Boolean(part));
          const image = colourName ? colourImages.get(colourName) : undefined;
          return {
            sku: `${sku}-${parts.map((part) => slugOf(part).toUpperCase()).join('-')}`,
            ...(colourName ? { color: colourName } : {}),
            ...(size ? { size } : {}),
            qty,
            ...(image ? { image } : {}),
          };
        }),
      );
      products.push({
        ...base,
        type: 'configurable',
        options: {
          ...(colours.length ? { color: colours.map((title) => ({ title, swatch: colourOf(title) })) } : {}),
          ...(sizes.length ? { size: sizes.map((title) => ({ title })) } : {}),
        },
        variants,
      });
    } else {
      products.push({ ...base, type: 'simple', qty: line.soldOut ? 0 : random.int(4, 120) });
    }
  }

  for (const card of DEMO_GIFT_CARDS) {
    const seller = DEMO_SELLERS[card.seller];
    const sku = `${seller.code}-GIFT-CARD`;
    const first = card.prices[0] ?? 25;
    const last = card.prices[card.prices.length - 1] ?? first;
    const input = {
      shop: seller.name,
      palette: seller.palette,
      motif: seller.motif,
      range: `$${first} – $${last}`,
    };
    products.push({
      sku,
      type: 'giftcard',
      name: `${seller.name} Gift Card`,
      seller: seller.seller_url,
      price: first,
      short_desc: 'Sent by text, valid for 3 years',
      description: `Let them choose: a ${seller.name} gift card, sent as a picture message to their mobile straight away or at the time you pick. Choose a design for the occasion and add a message of your own. Valid for 3 years from sending.`,
      categories: ['gift-cards'],
      images: GIFT_CARD_VIEWS.map((view) =>
        pictures.add('giftcards', `${sku}-${view}`, giftCardPicture(input, view)),
      ),
      tabs: {
        shipping: [
          {
            label: 'Delivery',
            value: 'Sent by picture message (MMS) to their mobile, now or at the time you choose.',
          },
          { label: 'Returns', value: 'Gift cards cannot be refunded once they have been sent.' },
        ],
        sizing_chart_url: null,
        faq: [
          {
            question: 'How does the gift card arrive?',
            answer:
              "As a picture message on the recipient's mobile, with your message, the card number and its expiry.",
          },
          { question: 'How long is it valid?', answer: 'Three years from the day it is sent.' },
          { question: 'Where can it be spent?', answer: `On anything from ${seller.name}.` },
        ],
      },
      variants: card.prices.map((price) => ({
        sku: `${sku}-${price}`,
        gift_card_price: `$${price}`,
        price,
        qty: 10_000,
      })),
      mms_templates: OCCASIONS.map((occasion) => ({
        code: occasion,
        name: OCCASION_NAMES[occasion],
        image_url: pictures.add(
          'templates',
          `${slugOf(sku)}-${occasion}`,
          mmsTemplate({ shop: seller.name, monogram: seller.code, palette: seller.palette, occasion }),
          'png',
        ),
      })),
    });
  }

  return {
    catalogue: {
      sellers,
      categories: DEMO_CATEGORIES.map(([code, name, parent], position) => ({ code, name, parent, position })),
      products,
    },
    pictures,
  };
}

let built: BuiltShop | undefined;
const shop = () => {
  built ??= build();
  return built;
};

/** The demo shop as a catalogue import file (a fresh copy: callers may change it). */
export function demoCatalogue(): CatalogueFileInput {
  return structuredClone(shop().catalogue);
}

/** The drawings the demo shop's URLs name, for the media store (seed-demo.ts). */
export function demoPictures(): PictureLibrary {
  return shop().pictures;
}
