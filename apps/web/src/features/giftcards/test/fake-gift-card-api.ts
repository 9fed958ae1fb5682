// A stand-in for the server's gift card calls (apps/server/src/modules/giftcards, docs/gift-cards.md),
// installed on the fake shop (features/cart/test/fake-shop-api.ts): the member's cards, the §5 rules
// with their messages (the contract's validators, as the server uses them), templates per product, and
// the order link. Replies are shaped as the server's.
import type { MmsTemplate } from '@quokka/contract/api/catalog';
import type { GiftCardDetails } from '@quokka/contract/api/giftcards';
import { parseAuMobile } from '@quokka/contract/mobile';
import { parseWallTime } from '@quokka/contract/timezones';
import { validateGiftCardRecipient } from '@quokka/contract/validate-gift-card';
import { validateSchedule } from '@quokka/contract/validate-schedule';
import { type FieldErrors, hasErrors, inputValidationReply } from '@quokka/contract/wire';
import { errorReply } from '../../../test/fake-replies';
import { type FakeShopApi, type FakeShopOptions, fakeShopApi, json, NS } from '../../cart/test/fake-shop-api';
import { someTemplates } from './gift-card-factories';

/** The server accepts a time up to 5 minutes behind its clock as "now" (docs/gift-cards.md). */
const SCHEDULE_GRACE_MS = 5 * 60 * 1000;

export interface FakeGiftCardOptions extends FakeShopOptions {
  cards?: GiftCardDetails[];
  templates?: Record<number, MmsTemplate[]>;
}

const RECIPIENT_FIELDS = [
  'recipient_firstname',
  'recipient_lastname',
  'recipient_mobile',
  'recipient_message',
  'purchaser_mobile',
] as const;

function readData(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return JSON.parse(value) as Record<string, unknown>;
  return (value ?? {}) as Record<string, unknown>;
}

function refused(errors: FieldErrors): Response {
  const { message, ...rest } = inputValidationReply(errors);
  return errorReply('INPUT_VALIDATION', message, rest);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

export function fakeGiftCardApi(options: FakeGiftCardOptions = {}) {
  const shop: FakeShopApi = fakeShopApi(options);
  const cards = new Map<number, GiftCardDetails>((options.cards ?? []).map((card) => [card.id, card]));
  const templates = options.templates ?? { 153: someTemplates() };
  let nextId = 40;
  const gift = { cards, templates };

  function notFound(): Response {
    return errorReply('NOT_FOUND', 'The gift card does not exist.');
  }

  function recipientErrors(values: Record<string, unknown>): FieldErrors {
    return validateGiftCardRecipient(
      Object.fromEntries(RECIPIENT_FIELDS.map((field) => [field, text(values[field])])),
    );
  }

  function recipient(values: Record<string, unknown>) {
    return {
      recipient_firstname: text(values.recipient_firstname).trim(),
      recipient_lastname: text(values.recipient_lastname).trim(),
      recipient_mobile: parseAuMobile(text(values.recipient_mobile)) ?? '',
      recipient_message: text(values.recipient_message),
      purchaser_mobile: parseAuMobile(text(values.purchaser_mobile)) ?? '',
    };
  }

  shop.answer('POST', `${NS}/savegiftcarddetails`, (call) => {
    const data = readData((call.body as { data?: unknown }).data);
    const errors = recipientErrors(data);
    if (hasErrors(errors)) return refused(errors);
    const id = nextId++;
    const card: GiftCardDetails = {
      id,
      cart_id: Number(data.cart_id),
      cart_item_id: Number(data.cart_item_id),
      product_id: Number(data.product_id),
      configurable_product_sku: text(data.configurable_product_sku),
      gift_card_no: String(4929170361520000 + id),
      ...recipient(data),
      mms_template_id: null,
      mms_template_url: null,
      pass_id: null,
      scheduled_delivery: null,
      delivery_timezone: null,
      valid_until: null,
      amount: 50,
      product_name: 'Saltline Gift Card',
      order_id: null,
      status: 'draft',
      sent_at: null,
    };
    cards.set(id, card);
    return json({ status: true, data: card });
  });

  shop.answer('POST', `${NS}/editgiftcarddetails`, (call) => {
    const body = call.body as { gift_card_details_id: number; data: unknown };
    const card = cards.get(Number(body.gift_card_details_id));
    if (!card) return notFound();
    const merged = { ...card, ...readData(body.data) };
    const errors = recipientErrors(merged);
    if (hasErrors(errors)) return refused(errors);
    const edited = { ...card, ...recipient(merged) };
    cards.set(card.id, edited);
    return json({ status: true, input_validation: {}, data: edited });
  });

  shop.answer('POST', `${NS}/deletegiftcarddetailsbycartitemid`, (call) => {
    const body = call.body as { cart_id: number; cart_item_id: number; gift_card_details_id?: number };
    const targets = [...cards.values()].filter(
      (card) =>
        card.cart_id === body.cart_id &&
        card.cart_item_id === body.cart_item_id &&
        (body.gift_card_details_id === undefined || card.id === body.gift_card_details_id),
    );
    for (const card of targets) cards.delete(card.id);
    return json({ status: true, deleted: targets.length });
  });

  shop.answer('POST', `${NS}/savegiftcardscheduleddate`, (call) => {
    const body = call.body as {
      gift_card_details_id: number;
      scheduled_delivery: string;
      delivery_timezone: string;
    };
    const card = cards.get(Number(body.gift_card_details_id));
    if (!card) return notFound();
    const errors = validateSchedule(
      body.scheduled_delivery,
      body.delivery_timezone,
      new Date(Date.now() - SCHEDULE_GRACE_MS),
    );
    if (hasErrors(errors)) return refused(errors);
    const parts = parseWallTime(body.scheduled_delivery);
    const validUntil = parts ? `${parts.year + 3}${body.scheduled_delivery.slice(4)}` : null;
    const scheduled = {
      ...card,
      scheduled_delivery: body.scheduled_delivery,
      delivery_timezone: body.delivery_timezone,
      valid_until: validUntil,
    };
    cards.set(card.id, scheduled);
    return json({ status: true, data: scheduled });
  });

  shop.answer('GET', `${NS}/getgiftcarddetailsbyid`, (call) => {
    const card = cards.get(Number(call.query.get('gift_card_details_id')));
    return card ? json({ status: true, data: card }) : notFound();
  });

  shop.answer('GET', `${NS}/getgiftcarddetailsbycart`, (call) => {
    const cartId = Number(call.query.get('cart_id'));
    return json({ status: true, data: [...cards.values()].filter((card) => card.cart_id === cartId) });
  });

  shop.answer('GET', `${NS}/getgiftcardmmstemplates`, (call) =>
    json({ data: templates[Number(call.query.get('product_id'))] ?? [] }),
  );

  shop.answer('POST', `${NS}/savegiftcardmmstemplate`, (call) => {
    const body = call.body as {
      gift_card_details_id: number;
      mms_template_id?: number;
      template_id?: number;
    };
    const card = cards.get(Number(body.gift_card_details_id));
    if (!card) return notFound();
    const chosen = (templates[card.product_id] ?? []).find(
      (template) => template.mms_template_id === (body.mms_template_id ?? body.template_id),
    );
    if (!chosen) return refused({ mms_template_id: 'Please choose one of the pictures of this gift card' });
    const pictured = {
      ...card,
      mms_template_id: chosen.mms_template_id,
      mms_template_url: chosen.mms_template_url,
    };
    cards.set(card.id, pictured);
    return json({ status: true, data: pictured });
  });

  shop.answer('POST', `${NS}/savegiftcardorderbycart`, (call) => {
    const body = call.body as { r_token?: string; cart_id: number; order_id: string };
    if (!body.r_token) return errorReply('INVALID_DATA', 'Please confirm you are not a robot.');
    const known = shop.state.orders.some(
      (order) => order === body.order_id || `000000${order}` === body.order_id,
    );
    if (!known) return errorReply('NOT_FOUND', 'The order does not exist.');
    const linked = [...cards.values()]
      .filter((card) => card.cart_id === body.cart_id)
      .map((card) => ({ ...card, order_id: Number(body.order_id), status: 'queued' as const }));
    for (const card of linked) cards.set(card.id, card);
    return json({ status: true, order_id: body.order_id.padStart(9, '0'), data: linked });
  });

  return { ...shop, gift };
}

export type FakeGiftCardApi = ReturnType<typeof fakeGiftCardApi>;
