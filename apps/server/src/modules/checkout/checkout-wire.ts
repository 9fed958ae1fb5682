import { z } from 'zod';
import { idParam } from '../cart/cart-wire.ts';

// Request schemas of the shipping and payment calls (SPEC.md §7, DECISIONS.md "Wire"). Anything the
// client adds beyond these fields (a price, a total) is dropped here: money always comes from the
// database.

const text = (max = 255) => z.string().max(max);
const numberish = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** An address as Magento clients send it: a saved one by id, or a new one in full. */
export const addressInput = z.object({
  customer_address_id: idParam.nullish(),
  customerAddressId: idParam.nullish(),
  firstname: text().nullish(),
  lastname: text().nullish(),
  telephone: text(40).nullish(),
  street: z.union([z.array(text()).max(4), text()]).nullish(),
  city: text().nullish(),
  postcode: z.union([text(20), z.number()]).nullish(),
  region: z
    .union([
      text(),
      z.object({
        region: text().nullish(),
        region_code: text(10).nullish(),
        region_id: z.union([z.number(), text(10)]).nullish(),
      }),
    ])
    .nullish(),
  region_id: z.union([z.number(), text(10)]).nullish(),
  region_code: text(10).nullish(),
  country_id: text(2).nullish(),
  email: text(254).nullish(),
  save_in_address_book: z.union([z.boolean(), z.number(), z.string()]).nullish(),
});
export type AddressInputWire = z.infer<typeof addressInput>;

export const shippingInformationBody = z.object({
  addressInformation: z.object({
    shipping_address: addressInput,
    billing_address: addressInput.nullish(),
    shipping_carrier_code: text(100).nullish(),
    shipping_method_code: z.union([text(100), z.number()]).nullish(),
    // [SHIP-02] An id-based method comes with the price the client showed; it must match the database.
    shipping_amount: numberish.nullish(),
    extension_attributes: z.object({ shipping_amount: numberish.nullish() }).nullish(),
  }),
});
export type ShippingInformationBody = z.infer<typeof shippingInformationBody>;

export const estimateByAddressIdBody = z
  .object({ addressId: idParam.nullish(), address_id: idParam.nullish() })
  .refine(
    (body) =>
      (body.addressId ?? body.address_id) !== undefined && (body.addressId ?? body.address_id) !== null,
    {
      message: 'addressId is required',
      path: ['addressId'],
    },
  );

export const estimateBody = z.object({ address: addressInput });

export const shippingMethodsQuery = z.object({ addressId: idParam.optional() });

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

export const paymentInformationBody = z.object({
  billingAddress: addressInput.nullish(),
  paymentMethod: z.object({
    method: text(100),
    additional_data: z
      .object({
        cc_save: flag,
        token: text(255).nullish(),
      })
      .nullish(),
  }),
  cartId: z.union([z.string(), z.number()]).nullish(),
  email: text(254).nullish(),
});
export type PaymentInformationBody = z.infer<typeof paymentInformationBody>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** What an Idempotency-Key may be: printable, no spaces, at most 200 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export const checkoutSuccessQuery = z.object({
  seller_id: text(200).optional(),
  campaign_id: text(200).optional(),
});

export const orderQuery = z.object({ order_id: idParam });

export interface ShippingMethodWire {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  /** Dollars. */
  amount: number;
  base_amount: number;
  price_excl_tax: number;
  price_incl_tax: number;
  available: true;
  error_message: '';
}

/** [SHIP-02] The id-based form of a method, as `{ns}/shippingmethods` lists it. */
export interface IdShippingMethodWire extends ShippingMethodWire {
  id: number;
  carrier_code: 'custom';
  /** The method's id, as a string. */
  method_code: string;
  price: number;
}

export interface TotalsWire {
  grand_total: number;
  base_grand_total: number;
  subtotal: number;
  base_subtotal: number;
  shipping_amount: number;
  base_shipping_amount: number;
  items_qty: number;
  quote_currency_code: 'AUD';
  items: { item_id: number; name: string; price: number; qty: number; row_total: number }[];
}

export interface ShippingInformationReply {
  payment_methods: { code: string; title: string }[];
  totals: TotalsWire;
}

/** [DATA-41] An order as the account shows it. */
export interface OrderWire {
  id: number;
  increment_id: string;
  customer_name: string;
  status: string;
  created_at: string;
  grand_total: number;
  subtotal: number;
  shipping_amount: number;
  shipping_description: string;
  shipping_address: object;
  billing_address: object;
  items: {
    item_id: number;
    product_id: number | null;
    sku: string;
    name: string;
    price: number;
    qty: number;
    total: number;
    row_total: number;
    seller_id: number;
    is_giftcard: boolean;
  }[];
}
