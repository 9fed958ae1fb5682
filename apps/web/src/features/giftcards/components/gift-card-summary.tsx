// [GIFT-08..11] The card as send-now-or-schedule shows it: gift card no, 'Valid Until: 3 Years From
// Send', the recipient and their mobile, and the message.

import type { GiftCardDetails } from '@quokka/contract/api/giftcards';
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational } from '@quokka/contract/mobile';
import { formatPrice } from '@quokka/contract/money';
import { formatGiftCardNo, recipientName } from '../gift-card-format';

export function GiftCardSummary({ card }: { card: GiftCardDetails }) {
  return (
    <article className="gift-card-face" aria-label={MSG.giftCardNo}>
      <div className="gift-card-face__top">
        <span className="gift-card-face__brand">{card.product_name || MSG.giftCardsHeading}</span>
        {typeof card.amount === 'number' ? (
          <span className="gift-card-face__amount">{formatPrice(card.amount)}</span>
        ) : null}
      </div>
      <p className="gift-card-face__label">{MSG.giftCardNo}</p>
      <p className="gift-card-face__number" data-testid="gift-card-no">
        {formatGiftCardNo(card.gift_card_no)}
      </p>
      <p className="gift-card-face__valid">{MSG.validUntil}</p>
      <dl className="gift-card-face__details">
        <div>
          <dt>{MSG.giftRecipient}</dt>
          <dd>
            <span className="gift-card-face__name">{recipientName(card)}</span>
            <span className="gift-card-face__mobile">{formatMobileNational(card.recipient_mobile)}</span>
          </dd>
        </div>
        <div>
          <dt>{MSG.giftMessageHeading}</dt>
          <dd className="gift-card-face__message">{card.recipient_message}</dd>
        </div>
      </dl>
    </article>
  );
}
