// What the shopper has chosen on the product page, read against the product: the child it names, its
// stock and price, and the request handed to the cart (SPEC.md §3 Cart item, §5 Product).
import type { AttributeCode, ConfigurableChild, Product } from '@quokka/contract/api/catalog';
import { OPTION_ID } from '@quokka/contract/constants';
import {
  type ConfigurableProductLike,
  hasOption,
  type OptionSelection,
  variantsFromChildren,
} from '@quokka/contract/product-options';
import type { AddToCartRequest, ChosenOption } from '../../cart/public';

export const OPTION_CODES: readonly AttributeCode[] = ['color', 'size', 'gift_card_price'];

/** The product as the contract's option rules read it (options plus variants from the children). */
export function optionRulesProduct(product: Product): ConfigurableProductLike {
  return {
    configurable_options: product.configurable_options,
    variants: variantsFromChildren(product.configurable_products),
  };
}

/** The option codes this product asks the shopper to choose. */
export function productOptionCodes(product: Product): AttributeCode[] {
  const rules = optionRulesProduct(product);
  return OPTION_CODES.filter((code) => hasOption(rules, code));
}

/** The child a complete selection names, or undefined while a choice is missing. */
export function chosenChild(product: Product, selection: OptionSelection): ConfigurableChild | undefined {
  const codes = productOptionCodes(product);
  if (codes.length === 0) return undefined;
  if (codes.some((code) => selection[code] === null || selection[code] === undefined)) return undefined;
  return product.configurable_products.find((child) =>
    codes.every((code) => String(child.options[code]) === String(selection[code])),
  );
}

/**
 * [PDP-07] The picture of the chosen colour, when the catalogue gives the colour's children one; the
 * size does not change the picture, so a colour alone is enough.
 */
export function chosenColourPicture(product: Product, selection: OptionSelection): string | undefined {
  const colour = selection.color;
  if (colour === null || colour === undefined) return undefined;
  return product.configurable_products.find(
    (child) => child.image && String(child.options.color) === String(colour),
  )?.image;
}

/** The product's pictures with the chosen colour's picture as the main one (the others show details). */
export function picturesInChoice(product: Product, selection: OptionSelection): string[] {
  const picture = chosenColourPicture(product, selection);
  return picture ? [picture, ...product.images.slice(1)] : product.images;
}

/** The product as the cart should picture it: in the chosen colour when there is a picture of it. */
function picturedInChoice(product: Product, selection: OptionSelection): Product {
  const images = picturesInChoice(product, selection);
  return images === product.images ? product : { ...product, image: images[0] ?? product.image, images };
}

/** [PDP-09, VAL-40] The stock the quantity is limited by: the chosen child's, else the product's. */
export function stockFor(product: Product, child: ConfigurableChild | undefined): number {
  return child ? child.qty : product.qty;
}

export function chosenOptions(product: Product, selection: OptionSelection): ChosenOption[] {
  return productOptionCodes(product).flatMap((code) => {
    const option = product.configurable_options[code];
    const choice = option?.options.find((item) => String(item.option_value) === String(selection[code]));
    if (!option || !choice) return [];
    return [
      {
        attribute_code: code,
        option_id: option.option_id || OPTION_ID[code],
        option_value: choice.option_value,
        option_title: choice.default_title,
      },
    ];
  });
}

export function addToCartRequest(
  product: Product,
  selection: OptionSelection,
  qty: number,
): AddToCartRequest {
  const child = chosenChild(product, selection) ?? null;
  const options = chosenOptions(product, selection);
  return {
    // The cart line keeps the picture it is given, so it shows the colour the shopper chose.
    product: picturedInChoice(product, selection),
    child,
    sku: child?.sku ?? product.sku,
    qty,
    options,
    giftCardPrice:
      options.find((option) => option.attribute_code === 'gift_card_price')?.option_title ?? null,
  };
}
