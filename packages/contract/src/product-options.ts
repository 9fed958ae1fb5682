// SPEC.md §5 "Product": option choices of a configurable product, size availability per colour, and
// the quantity limits of the product page.

import { CART_MIN_QTY, type OptionCode } from './constants.ts';
import { MSG } from './messages.ts';
import type { FieldErrors } from './wire.ts';

export type OptionValue = string | number;

export interface ProductOptionChoiceLike {
  option_value: OptionValue;
  default_title?: string;
  qty?: number;
}

export interface ProductOptionLike {
  option_id?: number;
  options: readonly ProductOptionChoiceLike[];
}

/** One sellable child of a configurable product: its option values and its stock. */
export interface ProductVariantLike {
  color?: OptionValue | null;
  size?: OptionValue | null;
  gift_card_price?: OptionValue | null;
  qty: number;
}

/** The little of a product these rules need; the catalogue's product type satisfies it structurally. */
export interface ConfigurableProductLike {
  configurable_options?: Partial<Record<OptionCode, ProductOptionLike | null>> | null;
  variants?: readonly ProductVariantLike[] | null;
}

/** A child as the catalogue wire carries it (catalog-wire.ts ConfigurableChild): values keyed by option. */
export interface ConfigurableChildLike {
  qty: number;
  options: Partial<Record<OptionCode, OptionValue>>;
}

/** The variants of a catalogue product's `configurable_products`, for the rules below. */
export function variantsFromChildren(children: readonly ConfigurableChildLike[]): ProductVariantLike[] {
  return children.map((child) => ({
    color: child.options.color ?? null,
    size: child.options.size ?? null,
    gift_card_price: child.options.gift_card_price ?? null,
    qty: child.qty,
  }));
}

export type OptionSelection = Partial<Record<OptionCode, OptionValue | null>>;

const OPTION_CODES: readonly OptionCode[] = ['color', 'size', 'gift_card_price'];

const OPTION_MESSAGES: Record<OptionCode, string> = {
  color: MSG.selectColor, // [VAL-34]
  size: MSG.selectSize, // [VAL-35]
  gift_card_price: MSG.selectGiftCardPrice, // [VAL-36]
};

// Option values arrive as numbers from one call and strings from another.
const sameValue = (a: OptionValue | null | undefined, b: OptionValue | null | undefined): boolean =>
  a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

/** [PDP-07] The choices of an option, empty when the product does not have it. */
export function optionChoices(
  product: ConfigurableProductLike,
  code: OptionCode,
): readonly ProductOptionChoiceLike[] {
  return product.configurable_options?.[code]?.options ?? [];
}

/** [PDP-07] Whether the product has this option (a swatch row or dropdown is shown only then). */
export function hasOption(product: ConfigurableProductLike, code: OptionCode): boolean {
  return optionChoices(product, code).length > 0;
}

/**
 * [VAL-34, VAL-35, VAL-36] A message for every option the product has and the selection lacks; a value
 * that is not one of the option's choices counts as not chosen. {} when the selection is complete.
 */
export function validateProductOptions(
  product: ConfigurableProductLike,
  selection: OptionSelection,
): FieldErrors<OptionCode> {
  const errors: FieldErrors<OptionCode> = {};
  for (const code of OPTION_CODES) {
    const choices = optionChoices(product, code);
    if (choices.length === 0) continue;
    const chosen = selection[code];
    if (!choices.some((choice) => sameValue(choice.option_value, chosen)))
      errors[code] = OPTION_MESSAGES[code];
  }
  return errors;
}

const inStock = (variant: ProductVariantLike): boolean => variant.qty > 0;

/**
 * [VAL-37] The sizes that have an in-stock variant in this colour (in any colour when none is chosen),
 * in the order the product lists its sizes.
 */
export function availableSizes(
  product: ConfigurableProductLike,
  color: OptionValue | null | undefined,
): OptionValue[] {
  const variants = (product.variants ?? []).filter(
    (variant) =>
      inStock(variant) && (color === null || color === undefined || sameValue(variant.color, color)),
  );
  const listed = optionChoices(product, 'size').map((choice) => choice.option_value);
  const order =
    listed.length > 0 ? listed : variants.flatMap((variant) => (variant.size == null ? [] : [variant.size]));
  const seen = new Set<string>();
  return order.filter((size) => {
    const key = String(size);
    if (seen.has(key) || !variants.some((variant) => sameValue(variant.size, size))) return false;
    seen.add(key);
    return true;
  });
}

/** [VAL-37] Whether a size swatch can be chosen with this colour. */
export function isSizeAvailable(
  product: ConfigurableProductLike,
  color: OptionValue | null | undefined,
  size: OptionValue,
): boolean {
  return availableSizes(product, color).some((available) => sameValue(available, size));
}

/** [VAL-38] The size to keep after the colour changes: the same one if still available, else none. */
export function sizeAfterColorChange(
  product: ConfigurableProductLike,
  color: OptionValue | null | undefined,
  size: OptionValue | null | undefined,
): OptionValue | null {
  if (size === null || size === undefined) return null;
  return isSizeAvailable(product, color, size) ? size : null;
}

/**
 * The variant a complete selection names (matching every option the product has), or undefined.
 * Its qty is the stock the quantity control is limited by.
 */
export function selectedVariant(
  product: ConfigurableProductLike,
  selection: OptionSelection,
): ProductVariantLike | undefined {
  if (Object.keys(validateProductOptions(product, selection)).length > 0) return undefined;
  const codes = OPTION_CODES.filter((code) => hasOption(product, code));
  return (product.variants ?? []).find((variant) =>
    codes.every((code) => sameValue(variant[code], selection[code])),
  );
}

/** [VAL-39, VAL-40, PDP-08, PDP-09] A quantity kept between 1 and the stock (1 when nothing is known). */
export function clampQuantity(qty: number, stock: number): number {
  const whole = Number.isFinite(qty) ? Math.floor(qty) : CART_MIN_QTY;
  const max = Number.isFinite(stock) ? Math.max(CART_MIN_QTY, Math.floor(stock)) : CART_MIN_QTY;
  return Math.min(Math.max(CART_MIN_QTY, whole), max);
}

/** [PDP-08, PDP-09] The quantity after pressing minus (-1) or plus (+1). */
export function stepQuantity(qty: number, delta: 1 | -1, stock: number): number {
  return clampQuantity(qty + delta, stock);
}

/** [PDP-08] Minus stops at 1. */
export function canDecreaseQuantity(qty: number): boolean {
  return qty > CART_MIN_QTY;
}

/** [PDP-09] Plus stops at the stock quantity. */
export function canIncreaseQuantity(qty: number, stock: number): boolean {
  return qty < stock;
}
