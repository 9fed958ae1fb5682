// The checkout's gift card panel (SPEC.md §2 Checkout) [CHK-04..07, GIFT-17, CONST-10]: 'Show/Hide Gift
// Cards', and per card To, Mobile, Image (150 px wide), Message, Send Time or 'NOT SET', and 'Edit'.
// A card lacking its send time, validity or picture sends the shopper to edit it [CHKF-05..07].

import type { GiftCardDetails } from '@quokka/contract/api/giftcards';
import { CHECKOUT_GIFT_CARD_IMAGE_PX } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational } from '@quokka/contract/mobile';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ProductPicture } from '../../../components/ui/product-picture';
import { giftCardEditPath } from '../../../lib/gift-card-paths';
import { fixedLayout } from '../../../lib/picture-sources';
import { formatSendTime, recipientName } from '../gift-card-format';
import './giftcards.css';

/** Picture-message templates are drawn 640 × 400: the box is reserved in that shape. */
const TEMPLATE_RATIO = 400 / 640;

export interface GiftCardPanelProps {
  cards: readonly GiftCardDetails[];
  editFirst: number | null;
}

export function GiftCardPanel({ cards, editFirst }: GiftCardPanelProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const listId = useId();

  useEffect(() => {
    // [CHKF-05..07] It cannot be ordered like this: finish it first.
    if (editFirst !== null) navigate(giftCardEditPath(editFirst));
  }, [editFirst, navigate]);

  if (cards.length === 0) return null;
  return (
    <section className="checkout-card gift-panel" aria-labelledby={`${listId}-title`} data-slot="gift-cards">
      <div className="checkout-card__head">
        <h2 className="checkout-card__title" id={`${listId}-title`}>
          {MSG.giftCardsHeading} <span className="gift-panel__count">({cards.length})</span>
        </h2>
        {/* [CHK-04] */}
        <button
          type="button"
          className="checkout-card__action"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((current) => !current)}
        >
          {MSG.showHideGiftCards}
        </button>
      </div>
      <ul className="gift-panel__list" id={listId} hidden={!open}>
        {cards.map((card) => {
          const sendTime = formatSendTime(card.scheduled_delivery, card.delivery_timezone);
          return (
            <li key={card.id} className="gift-panel__card" data-testid="gift-card">
              {/* [CHK-05] */}
              <dl className="gift-panel__facts">
                <div className="gift-panel__fact">
                  <dt>{MSG.giftPanelTo}</dt>
                  <dd>{recipientName(card)}</dd>
                </div>
                <div className="gift-panel__fact">
                  <dt>{MSG.giftPanelMobile}</dt>
                  <dd>{formatMobileNational(card.recipient_mobile)}</dd>
                </div>
                <div className="gift-panel__fact gift-panel__fact--image">
                  <dt>{MSG.giftPanelImage}</dt>
                  <dd>
                    {card.mms_template_url ? (
                      // [GIFT-17, CONST-10] 150 px wide.
                      <ProductPicture
                        className="gift-panel__image"
                        src={card.mms_template_url}
                        alt={`${MSG.giftPanelImage}: ${recipientName(card)}`}
                        width={CHECKOUT_GIFT_CARD_IMAGE_PX}
                        height={Math.round(CHECKOUT_GIFT_CARD_IMAGE_PX * TEMPLATE_RATIO)}
                        layout={fixedLayout(CHECKOUT_GIFT_CARD_IMAGE_PX)}
                        style={{ width: CHECKOUT_GIFT_CARD_IMAGE_PX }}
                      />
                    ) : (
                      MSG.notSet
                    )}
                  </dd>
                </div>
                <div className="gift-panel__fact gift-panel__fact--wide">
                  <dt>{MSG.giftMessageHeading}</dt>
                  <dd className="gift-panel__message">{card.recipient_message}</dd>
                </div>
                <div className="gift-panel__fact gift-panel__fact--wide">
                  <dt>{MSG.giftPanelSendTime}</dt>
                  {/* [CHK-06] */}
                  <dd data-testid="gift-card-send-time">{sendTime ?? MSG.notSet}</dd>
                </div>
              </dl>
              {/* [CHK-07] */}
              <button
                type="button"
                className="checkout-card__action gift-panel__edit"
                aria-label={`${MSG.edit} ${recipientName(card)}`}
                onClick={() => navigate(giftCardEditPath(card.id))}
              >
                {MSG.edit}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
