// Gift cards as the server answers them (docs/gift-cards.md), and the gift card line of a browser cart,
// for tests that start part-way through the flow.
import type { MmsTemplate } from '@quokka/contract/api/catalog';
import type { GiftCardDetails } from '@quokka/contract/api/giftcards';
import type { StoredCartItem } from '../../../lib/storage';
import { aTeeLine } from '../../cart/test/cart-factories';

/** A complete card of the catalogue factories' gift card ($50, product 153), ready to order. */
export function aGiftCard(overrides: Partial<GiftCardDetails> = {}): GiftCardDetails {
  return {
    id: 7,
    cart_id: 77,
    cart_item_id: 601,
    product_id: 153,
    configurable_product_sku: 'SL-GIFT-CARD-50',
    gift_card_no: '4929170361522883',
    recipient_firstname: 'Ava',
    recipient_lastname: 'Nguyen',
    recipient_mobile: '+61412345678',
    recipient_message: 'Happy birthday!',
    purchaser_mobile: '+61498765432',
    mms_template_id: 3,
    mms_template_url: '/media/templates/gift-birthday.png',
    pass_id: null,
    scheduled_delivery: '2031-11-22 10:00:00',
    delivery_timezone: 'Australia/Sydney',
    valid_until: '2034-11-22 10:00:00',
    amount: 50,
    product_name: 'Saltline Gift Card',
    order_id: null,
    status: 'draft',
    sent_at: null,
    ...overrides,
  };
}

/** A card just addressed: no send time, validity or picture yet. */
export function aNewGiftCard(overrides: Partial<GiftCardDetails> = {}): GiftCardDetails {
  return aGiftCard({
    mms_template_id: null,
    mms_template_url: null,
    scheduled_delivery: null,
    delivery_timezone: null,
    valid_until: null,
    ...overrides,
  });
}

export function someTemplates(): MmsTemplate[] {
  return [
    { id: 3, mms_template_id: 3, mms_template_url: '/media/templates/gift-birthday.png', name: 'Birthday' },
    { id: 4, mms_template_id: 4, mms_template_url: '/media/templates/gift-thanks.png', name: 'Thank You' },
  ];
}

/** The $50 gift card in the browser's cart, as Buy Now leaves it. */
export function aGiftCardLine(overrides: Partial<StoredCartItem> = {}): StoredCartItem {
  return aTeeLine({
    id: 153,
    name: 'Saltline Gift Card',
    sku: 'SL-GIFT-CARD-50',
    qty: 1,
    price: 50,
    item_id: 503,
    is_giftcard: true,
    images: ['/media/giftcards/front.svg'],
    image: '/media/giftcards/front.svg',
    cart_item: {
      sku: 'SL-GIFT-CARD',
      qty: overrides.qty ?? 1,
      product_option: {
        extension_attributes: { configurable_item_options: [{ option_id: 216, option_value: 40 }] },
      },
    },
    product_option: {
      extension_attributes: {
        configurable_item_options: [
          {
            option_id: 216,
            option_value: 40,
            option_label: 'Gift Card Price',
            option_title: '$50',
            value_index: 40,
          },
        ],
      },
    },
    options: {
      gift_card_price: {
        option_id: 216,
        option_value: 40,
        option_title: '$50',
        option_label: 'Gift Card Price',
      },
    },
    ...overrides,
  });
}
