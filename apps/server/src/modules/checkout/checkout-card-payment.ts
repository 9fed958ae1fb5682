import { createHash } from 'node:crypto';
import type { PaymentInformationBody } from '@quokka/contract/api/checkout';
import { MSG } from '@quokka/contract/messages';
import { joinFullName } from '@quokka/contract/names';
import type { Db } from '../../db/database.ts';
import { InputValidationError, InvalidDataError } from '../../domain/errors.ts';
import {
  type Charge,
  PAYMENT_METHOD_CODE,
  type Payer,
  type PaymentsProvider,
} from '../../providers/payments/payments-provider.ts';
import type { CartLineRow, CartRow } from '../cart/cart-service.ts';
import type { Member } from '../customer/customer-service.ts';
import type { ShippingMethodRow } from './checkout-repository.ts';
import { CHECKOUT_TEXT } from './checkout-text.ts';

// The payment card at checkout (docs/payments.md): the card a placement names, the member as the card
// provider knows them, and the charge placeOrder makes last in its transaction (checkout-service.ts, step
// 7). The charge's Idempotency-Key is derived from the cart, its contents, the amount and the card, so a
// retry after a crash between charge and commit is answered with the same payment, never a second one.

const CURRENCY = 'aud';

/** The card of a placement, checked before anything is locked. */
export interface CardPayment {
  token: string;
  saveCard: boolean;
}

/** [ERR-08] Only the card method is offered, and a card token is required. */
export function cardPayment(body: PaymentInformationBody): CardPayment | undefined {
  if (body.paymentMethod.method !== PAYMENT_METHOD_CODE) {
    throw new InvalidDataError(CHECKOUT_TEXT.paymentMethodNotAvailable);
  }
  const token = body.paymentMethod.additional_data?.token?.trim() ?? '';
  // [I16-checkout-giftcard] With a gift card the card may be left out: needed only if something is left to pay.
  if (token === '' && body.gift_card_number?.trim()) return undefined;
  if (token === '') throw new InputValidationError({ card: [MSG.enterCard] });
  return { token, saveCard: body.paymentMethod.additional_data?.cc_save ?? false };
}

export function payerOf(member: Member): Payer {
  return {
    customerId: member.id,
    email: member.email,
    name: joinFullName(member.firstname, member.lastname),
    mobile: member.mobile,
  };
}

/** The Idempotency-Key given to the card provider: the same cart, contents, amount and card, the same key. */
function providerKey(
  cart: CartRow,
  lines: CartLineRow[],
  method: ShippingMethodRow,
  token: string,
  save: boolean,
  giftCardCents = 0,
) {
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify({
        lines: lines.map((line) => [line.product_id, line.qty, line.price_cents]),
        shipping: [method.id, method.amount_cents],
        token,
        save,
        // [I16-checkout-giftcard] A different gift card part is a different amount: a different charge.
        ...(giftCardCents > 0 ? { giftCardCents } : {}),
      }),
    )
    .digest('hex')
    .slice(0, 32);
  return `quokka-order-cart-${cart.id}-${fingerprint}`;
}

/** What a charge is for: the placement's member, card, cart and order. */
export interface CardCharge {
  payer: Payer;
  card: CardPayment;
  cart: CartRow;
  lines: CartLineRow[];
  method: ShippingMethodRow;
  order: { increment_id: string; grandTotal: number };
  /** [I16-checkout-giftcard] What the card pays: the grand total less the gift card's part. */
  amountCents: number;
}

export interface CardPayments {
  /** The charge in the order's transaction; a decline throws and rolls the placement back. */
  charge(trx: Db, placement: CardCharge): Promise<Charge>;
  /** Authorised, but the order did not commit: release the hold rather than keep it orderless. */
  releaseUncommitted(error: unknown, charged: Charge): Promise<void>;
}

export function createCardPayments({ db, payments }: { db: Db; payments: PaymentsProvider }): CardPayments {
  return {
    charge(trx, placement) {
      const { payer, card, cart, lines, method, order } = placement;
      return payments.charge(trx, {
        payer,
        amountCents: placement.amountCents,
        currency: CURRENCY,
        paymentMethod: card.token,
        saveCard: card.saveCard,
        idempotencyKey: providerKey(
          cart,
          lines,
          method,
          card.token,
          card.saveCard,
          order.grandTotal - placement.amountCents,
        ),
        description: `Order ${order.increment_id}`,
        metadata: {
          order_increment_id: order.increment_id,
          cart_id: String(cart.id),
          customer_id: String(payer.customerId),
        },
      });
    },

    async releaseUncommitted(error, charged) {
      await payments.release(db, charged.id).catch((releaseError: unknown) => {
        throw new AggregateError(
          [error, releaseError],
          `order not saved and release of ${charged.id} failed`,
        );
      });
    },
  };
}
