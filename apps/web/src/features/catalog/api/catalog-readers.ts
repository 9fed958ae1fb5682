// Replies of the catalogue calls, read into the contract's wire shapes. The original backends spelled some
// fields two ways (SPEC.md §3); whichever one a reply carries is read, so the screens only see one.
import type {
  ConfigurableChild,
  ConfigurableOption,
  Product,
  ProductTabs,
  ProductTile,
  SellerSummary,
} from '@quokka/contract/api/catalog';

/** A reply as it may arrive: any field can be missing. */
export type Partially<T> = { [K in keyof T]?: T[K] | null };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : 0;
};
const firstText = (...values: unknown[]): string => values.map(text).find((value) => value !== '') ?? '';

/** [DATA-28, DATA-29, DATA-30] seller_url or shop_url; image or supplied_by_image; description or popup_description. */
export function readSeller(raw: Partially<SellerSummary> | null | undefined): SellerSummary {
  const seller = raw ?? {};
  const url = firstText(seller.seller_url, seller.shop_url);
  const image = firstText(seller.image, seller.supplied_by_image);
  const description = firstText(seller.description, seller.popup_description);
  return {
    id: number(seller.id),
    name: text(seller.name),
    seller_url: url,
    shop_url: url,
    image,
    supplied_by_image: image,
    description,
    popup_description: description,
    banner_image: text(seller.banner_image),
  };
}

/** [DATA-27] A product's pictures from `images` (main first) or a lone `image`. */
function readImages(raw: Partially<ProductTile>): { image: string; images: string[] } {
  const listed = Array.isArray(raw.images) ? raw.images.map(text).filter((url) => url !== '') : [];
  const image = firstText(raw.image, listed[0]);
  const images = listed.length > 0 ? listed : image ? [image] : [];
  return { image, images };
}

export function readTile(raw: Partially<ProductTile>): ProductTile {
  return {
    id: number(raw.id),
    name: text(raw.name),
    sku: text(raw.sku),
    qty: number(raw.qty),
    price: number(raw.price),
    type_id: raw.type_id === 'configurable' ? 'configurable' : 'simple',
    // Magento sends flags as 0/1 as often as booleans.
    is_giftcard: raw.is_giftcard === true || Number(raw.is_giftcard) === 1,
    short_desc: text(raw.short_desc),
    ...readImages(raw),
    product_seller_image: text(raw.product_seller_image),
    seller_url: text(raw.seller_url),
  };
}

/** The tiles of a list reply; anything that is not an object is left out. */
export function readTiles(raw: unknown): ProductTile[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((item): item is Partially<ProductTile> => typeof item === 'object' && item !== null)
    .map(readTile);
}

function readTabs(raw: Partially<ProductTabs> | null | undefined): ProductTabs {
  return {
    shipping: Array.isArray(raw?.shipping) ? raw.shipping : [],
    sizing_chart: text(raw?.sizing_chart) || null,
    faq: Array.isArray(raw?.faq) ? raw.faq : [],
  };
}

function readOptions(
  raw: Product['configurable_options'] | null | undefined,
): Product['configurable_options'] {
  const options: Product['configurable_options'] = {};
  for (const code of ['color', 'size', 'gift_card_price'] as const) {
    const option: ConfigurableOption | undefined = raw?.[code];
    if (option && Array.isArray(option.options)) options[code] = option;
  }
  return options;
}

/** [DATA-24, DATA-25] The full product of the product call. */
export function readProduct(raw: Partially<Product>): Product {
  const children: ConfigurableChild[] = Array.isArray(raw.configurable_products)
    ? raw.configurable_products
    : [];
  return {
    ...readTile(raw),
    description: text(raw.description),
    tabs: readTabs(raw.tabs),
    seller: readSeller(raw.seller),
    configurable_options: readOptions(raw.configurable_options),
    configurable_products: children,
    configurable_options_products: raw.configurable_options_products ?? {},
  };
}
