import type { Landscape, Motif, Palette } from './pictures/seller-pictures.ts';

// The makers of the demo shop and the category tree they sell into. Invented businesses in real
// Australian places; every fact a shopper reads (where it ships from, how returns work) is theirs.

export interface DemoSeller {
  seller_url: string;
  name: string;
  /** Prefix of the maker's skus. */
  code: string;
  place: string;
  tagline: string;
  description: string;
  palette: Palette;
  motif: Motif;
  landscape: Landscape;
  dispatch: string;
  returns: string;
}

export const DEMO_SELLERS = {
  wick: {
    seller_url: 'wildflower-and-wick',
    name: 'Wildflower & Wick',
    code: 'WW',
    place: 'Margaret River, WA',
    tagline: 'Hand-poured soy candles from the South West',
    description:
      'Wildflower & Wick pours small batches of soy candles in a tin shed at the edge of the karri forest outside Margaret River. Our scents come from the walks we take every week: wet bush after rain, peppermint gum, wild fig and salt air from Gnarabup. Every wick is cotton and every jar is made to be reused.',
    palette: { primary: '#5f7a61', secondary: '#d9a05b', soft: '#efe8dc' },
    motif: 'flame',
    landscape: 'forest',
    dispatch: 'Ships in 1–2 business days from Margaret River, WA.',
    returns:
      'Unused candles can be returned within 30 days. Arrived broken? Send us a photo and we replace it.',
  },
  surf: {
    seller_url: 'saltline-surf-co',
    name: 'Saltline Surf Co.',
    code: 'SL',
    place: 'Fremantle, WA',
    tagline: 'Organic cotton surf wear, made for salty days',
    description:
      'Saltline Surf Co. is a two-person label working out of a Fremantle warehouse a block from Bathers Beach. We print our tees and hoodies by hand on organic cotton, in colours borrowed from the Indian Ocean at sunset. Made to be worn in, washed often and handed down.',
    palette: { primary: '#1f4e6b', secondary: '#e07a4f', soft: '#e9e4d8' },
    motif: 'wave',
    landscape: 'coast',
    dispatch: 'Ships in 1–2 business days from Fremantle, WA.',
    returns: 'Free size exchanges within 30 days. Returns accepted unworn with tags attached.',
  },
  honey: {
    seller_url: 'leatherwood-ridge-apiary',
    name: 'Leatherwood Ridge Apiary',
    code: 'LR',
    place: 'Huon Valley, TAS',
    tagline: 'Raw Tasmanian honey from our own hives',
    description:
      'Leatherwood Ridge Apiary keeps 300 hives across the Huon Valley and the edge of the Southwest wilderness, moving them with the flowering of leatherwood, clover and blackberry. Our honey is cold-extracted, never heated and jarred by hand on the farm. What the bees make each season is what we sell.',
    palette: { primary: '#8a5a1c', secondary: '#f2b632', soft: '#f6ecd6' },
    motif: 'hex',
    landscape: 'farm',
    dispatch: 'Ships in 2–3 business days from Huonville, TAS, packed in recycled paper.',
    returns: 'Food items cannot be returned, but if a jar arrives damaged we send a new one straight away.',
  },
  linen: {
    seller_url: 'wategos-linen-studio',
    name: 'Wategos Linen Studio',
    code: 'WL',
    place: 'Byron Bay, NSW',
    tagline: 'Stonewashed linen, cut and sewn in Byron Bay',
    description:
      'Wategos Linen Studio designs easy, breathable linen clothing and homewares in a small studio in the Byron Arts and Industry Estate. Every piece is stonewashed for softness and sewn in limited runs by our team of four. We use European flax and natural dyes wherever we can.',
    palette: { primary: '#b4653f', secondary: '#7c8c6e', soft: '#f3ebe1' },
    motif: 'leaf',
    landscape: 'headland',
    dispatch: 'Ships in 1–3 business days from Byron Bay, NSW.',
    returns: 'Returns within 30 days for unworn pieces; homewares must be unwashed.',
  },
  clay: {
    seller_url: 'collingwood-clay-studio',
    name: 'Collingwood Clay Studio',
    code: 'CC',
    place: 'Melbourne, VIC',
    tagline: 'Wheel-thrown stoneware for everyday use',
    description:
      'Collingwood Clay Studio is a shared workshop in an old Collingwood shoe factory, where three potters throw, trim and glaze every piece by hand. We make stoneware for daily use: mugs that hold a proper flat white, bowls that stack and vases for whatever the garden gives you. No two pieces are quite the same.',
    palette: { primary: '#3d4a57', secondary: '#c98c62', soft: '#ece7e1' },
    motif: 'pot',
    landscape: 'studio',
    dispatch: 'Ships in 2–4 business days from Collingwood, VIC, double boxed.',
    returns: 'Change-of-mind returns within 14 days; breakages in transit replaced free of charge.',
  },
  knit: {
    seller_url: 'megalong-knitwear',
    name: 'Megalong Knitwear',
    code: 'MK',
    place: 'Blackheath, NSW',
    tagline: 'Merino knits from the Blue Mountains',
    description:
      'Megalong Knitwear knits warm, honest jumpers, beanies and throws from Australian merino at our workshop in Blackheath, high in the Blue Mountains. Our patterns take their names from the valleys and lookouts we walk on misty mornings. Knitted slowly, to last for many winters.',
    palette: { primary: '#3f5f7f', secondary: '#c7a6c2', soft: '#e6eaee' },
    motif: 'peaks',
    landscape: 'ridges',
    dispatch: 'Ships in 1–2 business days from Blackheath, NSW.',
    returns: 'Free returns within 30 days on unworn knitwear with tags.',
  },
  paper: {
    seller_url: 'paperbark-press',
    name: 'Paperbark Press & Tea',
    code: 'PP',
    place: 'Stirling, SA',
    tagline: 'Letterpress stationery and small-batch tea',
    description:
      'Paperbark Press & Tea prints notebooks and greeting cards on a 1950s letterpress in the Adelaide Hills, and blends loose-leaf tea in the room next door. Our paper is recycled and our tea is packed in tins you will want to keep. Good things for slow afternoons.',
    palette: { primary: '#6d4c66', secondary: '#e3b04b', soft: '#f1ebe4' },
    motif: 'quill',
    landscape: 'hills',
    dispatch: 'Ships in 1–2 business days from Stirling, SA.',
    returns: 'Stationery can be returned unused within 30 days. Opened tea cannot be returned.',
  },
} satisfies Record<string, DemoSeller>;

export type SellerId = keyof typeof DEMO_SELLERS;

/** The three-level category tree: [code, name, parent code]. */
export const DEMO_CATEGORIES: [string, string, string | null][] = [
  ['clothing', 'Clothing', null],
  ['clothing-women', 'Women', 'clothing'],
  ['women-tops', 'Tops', 'clothing-women'],
  ['women-dresses', 'Dresses', 'clothing-women'],
  ['women-knitwear', 'Knitwear', 'clothing-women'],
  ['clothing-men', 'Men', 'clothing'],
  ['men-tees', 'Tees', 'clothing-men'],
  ['men-shirts', 'Shirts', 'clothing-men'],
  ['men-hoodies', 'Hoodies', 'clothing-men'],
  ['men-knitwear', 'Knitwear', 'clothing-men'],
  ['clothing-accessories', 'Accessories', 'clothing'],
  ['accessories-hats', 'Hats & Beanies', 'clothing-accessories'],
  ['accessories-socks', 'Socks', 'clothing-accessories'],
  ['accessories-bags', 'Bags', 'clothing-accessories'],
  ['home', 'Home', null],
  ['home-kitchen', 'Kitchen', 'home'],
  ['kitchen-mugs', 'Mugs', 'home-kitchen'],
  ['kitchen-bowls', 'Bowls & Plates', 'home-kitchen'],
  ['kitchen-linen', 'Tea Towels & Wraps', 'home-kitchen'],
  ['home-living', 'Living', 'home'],
  ['living-candles', 'Candles & Diffusers', 'home-living'],
  ['living-throws', 'Throws', 'home-living'],
  ['living-vases', 'Vases & Planters', 'home-living'],
  ['home-bath', 'Bath', 'home'],
  ['bath-soap', 'Soap', 'home-bath'],
  ['pantry', 'Pantry', null],
  ['pantry-honey', 'Honey & Spreads', 'pantry'],
  ['pantry-tea', 'Tea', 'pantry'],
  ['gifts', 'Gifts', null],
  ['gifts-stationery', 'Stationery', 'gifts'],
  ['stationery-notebooks', 'Notebooks', 'gifts-stationery'],
  ['stationery-cards', 'Greeting Cards', 'gifts-stationery'],
  ['gifts-sets', 'Gift Sets', 'gifts'],
  ['gift-cards', 'Gift Cards', null],
];

/** Colour names and their swatches, one swatch per name across the whole shop. */
export const DEMO_COLOURS: Record<string, string> = {
  Navy: '#1f3a5a',
  'Ocean Blue': '#2f6f8f',
  'Sunset Orange': '#e07a4f',
  Sand: '#d8c7a6',
  'Salt White': '#f1eee6',
  Charcoal: '#3a3d42',
  'Washed Black': '#2b2b2e',
  Seafoam: '#9fcfc0',
  Kelp: '#5a6b3f',
  Coral: '#ee8b74',
  Terracotta: '#b4653f',
  Oat: '#e3d5bd',
  Sage: '#9aab8c',
  Olive: '#6f7650',
  'Dusty Rose': '#d7a5a0',
  Indigo: '#3b4a7a',
  Natural: '#ece3d2',
  Rust: '#a4512f',
  Mustard: '#d4a23a',
  'Eucalypt Blue': '#6f8fa6',
  Heather: '#a991a8',
  Fog: '#c9ccd0',
  Moss: '#5d6e4a',
  Ochre: '#c98c3a',
  Cream: '#efe6d2',
  'Forest Green': '#2f5240',
  Burgundy: '#7a2e3a',
  Slate: '#5a6673',
  'Speckled White': '#eeebe4',
  'Ink Blue': '#2c4463',
  Celadon: '#a9c2ad',
  Stone: '#b9ad9c',
};
