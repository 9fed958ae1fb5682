// /account/textoffers 'Text offers' [I29] (DECISIONS.md "Text campaigns and consent"): the mobile the
// texts go to, every seller with an on/off switch ("Text me offers from <seller>"), the ones waiting for
// a YES, the notice while a STOP reply holds every seller's offers, and what switching on means.
// A switch shows its new state at once and PUTs it; the reply (the whole list) is then what shows, and a
// refusal puts that seller's switch back. Each seller's switch waits for its own answer before it can be
// pressed again; the others stay free. [I30] Below the sellers, the "Buy by reply" setting
// (components/buy-by-reply.tsx).
import { type TextOffer, type TextOffersReply, textOffersWords } from '@quokka/contract/api/text-offers';
import { TEXT_OFFERS_MSG } from '@quokka/contract/text-offers-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Page } from '../../../components/ui/page';
import { ApiError } from '../../../lib/api-client';
import { showMessage } from '../../../lib/app-state';
import { setTextOffer, TEXT_OFFERS_QUERY_KEY, useTextOffers } from '../api/text-offers';
import { AccountSection } from '../components/account-section';
import { BuyByReplySection } from '../components/buy-by-reply';
import { QueryStatus } from '../components/query-status';
import '../components/account.css';
import '../components/text-offers.css';

type SellerState = Pick<TextOffer, 'subscribed' | 'pending'>;

function withSeller(reply: TextOffersReply, sellerId: number, state: SellerState): TextOffersReply {
  return {
    ...reply,
    sellers: reply.sellers.map((seller) =>
      seller.seller_id === sellerId ? { ...seller, ...state } : seller,
    ),
  };
}

function TextOfferSwitch({
  seller,
  busy,
  onToggle,
}: {
  seller: TextOffer;
  busy: boolean;
  onToggle: () => void;
}) {
  const labelId = `text-offer-${seller.seller_id}`;
  const hintId = `${labelId}-hint`;
  return (
    <li className="acct-card text-offer">
      <div className="text-offer__row">
        <span className="text-offer__words" id={labelId}>
          {textOffersWords(seller.seller_name)}
        </span>
        {/* Not `disabled` while its PUT runs: a disabled button drops the focus to <body>. */}
        <button
          type="button"
          role="switch"
          className="text-offer__switch"
          aria-checked={seller.subscribed}
          aria-labelledby={labelId}
          aria-describedby={seller.pending ? hintId : undefined}
          aria-disabled={busy}
          onClick={() => {
            if (!busy) onToggle();
          }}
        >
          <span className="text-offer__track" aria-hidden="true">
            <span className="text-offer__thumb" />
          </span>
          <span className="text-offer__state" aria-hidden="true">
            {seller.subscribed ? TEXT_OFFERS_MSG.on : TEXT_OFFERS_MSG.off}
          </span>
        </button>
      </div>
      {seller.pending && !seller.subscribed ? (
        <p className="text-offer__pending" id={hintId}>
          {TEXT_OFFERS_MSG.pending}
        </p>
      ) : null}
    </li>
  );
}

export function TextOffersPage() {
  const offers = useTextOffers();
  const queryClient = useQueryClient();
  /** The sellers whose PUT has not answered yet, with the state the shopper asked for. */
  const asked = useRef(new Map<number, SellerState>());
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());

  function markBusy() {
    setBusy(new Set(asked.current.keys()));
  }

  /** A reply, with the switches still waiting for their own answer kept as the shopper set them. */
  function show(reply: TextOffersReply) {
    let shown = reply;
    for (const [sellerId, state] of asked.current) shown = withSeller(shown, sellerId, state);
    queryClient.setQueryData<TextOffersReply>(TEXT_OFFERS_QUERY_KEY, shown);
  }

  async function toggle(seller: TextOffer) {
    const id = seller.seller_id;
    if (asked.current.has(id)) return;
    const before: SellerState = { subscribed: seller.subscribed, pending: seller.pending };
    const wanted: SellerState = { subscribed: !seller.subscribed, pending: false };
    asked.current.set(id, wanted);
    markBusy();
    // A load still running would put the old state back over the new one.
    await queryClient.cancelQueries({ queryKey: TEXT_OFFERS_QUERY_KEY });
    const current = queryClient.getQueryData<TextOffersReply>(TEXT_OFFERS_QUERY_KEY);
    if (current) queryClient.setQueryData(TEXT_OFFERS_QUERY_KEY, withSeller(current, id, wanted));
    try {
      const reply = await setTextOffer(id, wanted.subscribed);
      asked.current.delete(id);
      show(reply);
    } catch (error) {
      asked.current.delete(id);
      const now = queryClient.getQueryData<TextOffersReply>(TEXT_OFFERS_QUERY_KEY);
      if (now) queryClient.setQueryData(TEXT_OFFERS_QUERY_KEY, withSeller(now, id, before));
      // Offline, server faults and an ended session are the shell's to say (api-client.ts); a refusal
      // is said here, in the server's words.
      if (error instanceof ApiError && error.status < 500 && error.status !== 401) {
        showMessage(error.message || TEXT_OFFERS_MSG.notChanged);
      }
    } finally {
      markBusy();
    }
  }

  const data = offers.data;
  return (
    <Page title={TEXT_OFFERS_MSG.heading}>
      {/* A STOP that holds every offer is said first, above what the switches mean. */}
      {data?.stopped_all ? (
        <p className="text-offers__stopped" role="note">
          {TEXT_OFFERS_MSG.stoppedAll}
        </p>
      ) : null}
      <p className="page__lead text-offers__about">{TEXT_OFFERS_MSG.about}</p>
      {data ? (
        <>
          <dl className="acct-card acct-details">
            <div>
              <dt>{TEXT_OFFERS_MSG.mobileLabel}</dt>
              <dd>{data.mobile}</dd>
            </div>
          </dl>
          <AccountSection id="text-offers-sellers" title={TEXT_OFFERS_MSG.sellersHeading}>
            {data.sellers.length > 0 ? (
              <ul className="acct-list">
                {data.sellers.map((seller) => (
                  <TextOfferSwitch
                    key={seller.seller_id}
                    seller={seller}
                    busy={busy.has(seller.seller_id)}
                    onToggle={() => void toggle(seller)}
                  />
                ))}
              </ul>
            ) : (
              <p className="acct-empty">{TEXT_OFFERS_MSG.noSellers}</p>
            )}
          </AccountSection>
          {/* [I30] Buying the item of a seller's text by answering it. */}
          <BuyByReplySection />
        </>
      ) : (
        <QueryStatus failed={offers.isError} onRetry={() => void offers.refetch()} />
      )}
    </Page>
  );
}
