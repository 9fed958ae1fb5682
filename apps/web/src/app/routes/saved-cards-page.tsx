// /account/savedcards [ROUTE-24, ACCT-14..16]: each saved card's brand logo, '**' and its last four
// digits (`savedCardNumber`, so checkout reads the same), and its expiry as MM/YY. Composed here because
// it joins two features: checkout's saved cards and the account's look (its logos, its loading state
// and the account stylesheet they bring).
import { MSG } from '@quokka/contract/messages';
import { Page } from '../../components/ui/page';
import { brandName, CardBrandLogo, QueryStatus } from '../../features/account/public';
import { cardExpiry, savedCardNumber, useSavedCards } from '../../features/checkout/public';

export function SavedCardsPage() {
  const cards = useSavedCards();
  return (
    <Page title={MSG.savedCards}>
      {cards.data ? (
        cards.data.length > 0 ? (
          <ul className="acct-list">
            {cards.data.map((card) => (
              <li
                key={card.id}
                className="acct-card acct-saved-card"
                aria-label={`${brandName(card.brand)} ${MSG.cardEndingIn} ${card.last4}`}
              >
                <CardBrandLogo brand={card.brand} />
                <span className="acct-saved-card__number">{savedCardNumber(card)}</span>
                <span className="acct-saved-card__expiry">
                  <span className="acct-saved-card__label">{MSG.cardExpires}</span>{' '}
                  <span>{cardExpiry(card)}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="acct-empty">{MSG.noSavedCards}</p>
        )
      ) : (
        <QueryStatus failed={cards.isError} onRetry={() => void cards.refetch()} />
      )}
    </Page>
  );
}
