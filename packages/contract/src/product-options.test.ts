import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  availableSizes,
  type ConfigurableProductLike,
  canDecreaseQuantity,
  canIncreaseQuantity,
  clampQuantity,
  hasOption,
  isSizeAvailable,
  type ProductVariantLike,
  selectedVariant,
  sizeAfterColorChange,
  stepQuantity,
  validateProductOptions,
  variantsFromChildren,
} from './product-options.ts';

const RED = 10;
const BLUE = 11;
const GREEN = 12;
const S = 20;
const M = 21;
const L = 22;

const choices = (...values: number[]) => ({ options: values.map((option_value) => ({ option_value })) });

const aTee = (variants: ProductVariantLike[]): ConfigurableProductLike => ({
  configurable_options: { color: { option_id: 93, ...choices(RED, BLUE, GREEN) }, size: choices(S, M, L) },
  variants,
});

// Red in S and M (M sold out), blue in L only, green sold out everywhere.
const tee = aTee([
  { color: RED, size: S, qty: 5 },
  { color: RED, size: M, qty: 0 },
  { color: BLUE, size: L, qty: 2 },
  { color: GREEN, size: S, qty: 0 },
]);

const giftCard: ConfigurableProductLike = {
  configurable_options: { gift_card_price: choices(25, 50) },
  variants: [
    { gift_card_price: 25, qty: 100 },
    { gift_card_price: 50, qty: 100 },
  ],
};

describe('option presence', () => {
  it('[PDP-07] an option exists only when the product lists choices for it', () => {
    expect(hasOption(tee, 'color')).toBe(true);
    expect(hasOption(tee, 'gift_card_price')).toBe(false);
    expect(hasOption(giftCard, 'size')).toBe(false);
    expect(hasOption({ configurable_options: { size: { options: [] } } }, 'size')).toBe(false);
    expect(hasOption({}, 'color')).toBe(false);
  });
});

describe('validateProductOptions', () => {
  it('[VAL-34] a colour option with no colour chosen shows the colour message', () => {
    expect(validateProductOptions(tee, { size: S })).toEqual({ color: MSG.selectColor });
  });

  it('[VAL-35] a size option with no size chosen shows the size message', () => {
    expect(validateProductOptions(tee, { color: RED, size: null })).toEqual({ size: MSG.selectSize });
  });

  it('[VAL-34] [VAL-35] nothing chosen shows both', () => {
    expect(validateProductOptions(tee, {})).toEqual({ color: MSG.selectColor, size: MSG.selectSize });
  });

  it('[VAL-36] a gift card price option with no price chosen shows the price message', () => {
    expect(validateProductOptions(giftCard, {})).toEqual({ gift_card_price: MSG.selectGiftCardPrice });
    expect(validateProductOptions(giftCard, { gift_card_price: '50' })).toEqual({});
  });

  it('[VAL-34] a value that is not one of the choices counts as not chosen', () => {
    expect(validateProductOptions(tee, { color: 999, size: S })).toEqual({ color: MSG.selectColor });
  });

  it('[VAL-34] [VAL-35] [VAL-36] options the product lacks are never asked for', () => {
    expect(validateProductOptions(tee, { color: RED, size: S })).toEqual({});
    expect(validateProductOptions({ configurable_options: null }, {})).toEqual({});
  });
});

describe('size availability per colour', () => {
  it('[VAL-37] only sizes with an in-stock variant in the chosen colour can be chosen', () => {
    expect(availableSizes(tee, RED)).toEqual([S]);
    expect(availableSizes(tee, BLUE)).toEqual([L]);
    expect(availableSizes(tee, GREEN)).toEqual([]);
    expect(isSizeAvailable(tee, RED, M)).toBe(false);
    expect(isSizeAvailable(tee, RED, S)).toBe(true);
  });

  it('[VAL-37] with no colour chosen, sizes in stock in any colour, in the listed order', () => {
    expect(availableSizes(tee, null)).toEqual([S, L]);
  });

  it('[VAL-37] option values compare across numbers and strings', () => {
    expect(availableSizes(tee, String(RED))).toEqual([S]);
    expect(isSizeAvailable(tee, '11', '22')).toBe(true);
  });

  it('[VAL-37] without a size list, variants give the order', () => {
    const product = {
      variants: [
        { color: 'red', size: 'XL', qty: 1 },
        { color: 'red', size: 'XS', qty: 3 },
      ],
    };
    expect(availableSizes(product, 'red')).toEqual(['XL', 'XS']);
  });

  it('[VAL-38] changing colour keeps a compatible size and clears an incompatible one', () => {
    expect(sizeAfterColorChange(tee, BLUE, L)).toBe(L);
    expect(sizeAfterColorChange(tee, BLUE, S)).toBeNull();
    expect(sizeAfterColorChange(tee, RED, L)).toBeNull();
    expect(sizeAfterColorChange(tee, RED, null)).toBeNull();
  });
});

describe('selectedVariant', () => {
  it('[PDP-09] a complete selection names the variant whose stock limits the quantity', () => {
    expect(selectedVariant(tee, { color: BLUE, size: L })?.qty).toBe(2);
    expect(selectedVariant(giftCard, { gift_card_price: 25 })?.qty).toBe(100);
  });

  it('an incomplete selection, or one no variant has, names none', () => {
    expect(selectedVariant(tee, { color: BLUE })).toBeUndefined();
    expect(selectedVariant(tee, { color: BLUE, size: S })).toBeUndefined();
  });
});

describe('quantity', () => {
  it.each([
    [0, 5, 1],
    [-3, 5, 1],
    [1, 5, 1],
    [3, 5, 3],
    [5, 5, 5],
    [6, 5, 5],
    [99, 5, 5],
    [2.7, 5, 2],
    [Number.NaN, 5, 1],
    [3, 0, 1],
  ])('[VAL-39] [VAL-40] %f with stock %i is kept at %i', (qty, stock, kept) => {
    expect(clampQuantity(qty, stock)).toBe(kept);
  });

  it('[PDP-08] minus stops at 1', () => {
    expect(stepQuantity(2, -1, 5)).toBe(1);
    expect(stepQuantity(1, -1, 5)).toBe(1);
    expect(canDecreaseQuantity(1)).toBe(false);
    expect(canDecreaseQuantity(2)).toBe(true);
  });

  it('[PDP-09] plus stops at the stock quantity', () => {
    expect(stepQuantity(4, 1, 5)).toBe(5);
    expect(stepQuantity(5, 1, 5)).toBe(5);
    expect(canIncreaseQuantity(5, 5)).toBe(false);
    expect(canIncreaseQuantity(4, 5)).toBe(true);
  });
});

describe('variantsFromChildren', () => {
  it('[VAL-37] reads the catalogue children so size availability works on a wire product', () => {
    const variants = variantsFromChildren([
      { qty: 3, options: { color: RED, size: S } },
      { qty: 0, options: { color: RED, size: M } },
      { qty: 1, options: { color: BLUE, size: M } },
    ]);
    expect(variants[0]).toEqual({ color: RED, size: S, gift_card_price: null, qty: 3 });
    expect(availableSizes(aTee(variants), RED)).toEqual([S]);
    expect(availableSizes(aTee(variants), BLUE)).toEqual([M]);
  });
});
