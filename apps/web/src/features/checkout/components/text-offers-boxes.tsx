// [I29] Above Confirm Purchase: for each seller of the order, an unticked "Text me offers from <seller>"
// with one line on what it means (DECISIONS.md "Text campaigns and consent"; the Spam Act asks for
// consent given, never assumed). The ticked sellers go with the order (placeOrder's `text_offers`),
// where the server records each consent with the words shown here. The sellers came with the page, so
// the boxes are there from the first paint: nothing moves when they appear.
import { textOffersWords } from '@quokka/contract/api/text-offers';
import { TEXT_OFFERS_MSG } from '@quokka/contract/text-offers-messages';
import type { OrderSeller } from '../load-checkout';
import './text-offers-boxes.css';

export function TextOffersBoxes({
  sellers,
  ticked,
  onChange,
}: {
  sellers: readonly OrderSeller[];
  ticked: ReadonlySet<number>;
  onChange: (sellerId: number, tick: boolean) => void;
}) {
  if (sellers.length === 0) return null;
  return (
    <fieldset className="text-offers-boxes">
      <legend className="visually-hidden">{TEXT_OFFERS_MSG.checkoutLegend}</legend>
      {sellers.map((seller) => {
        const hintId = `text-offers-hint-${seller.id}`;
        return (
          <div className="text-offers-boxes__item" key={seller.id}>
            <label className="tickbox">
              <input
                type="checkbox"
                checked={ticked.has(seller.id)}
                aria-describedby={hintId}
                onChange={(event) => onChange(seller.id, event.target.checked)}
              />
              <span>{textOffersWords(seller.name)}</span>
            </label>
            <p className="text-offers-boxes__hint" id={hintId}>
              {TEXT_OFFERS_MSG.checkoutHint}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
