// /giftcard/add/{productid}/{configurableproductsku}/{cartid}/{cartitemid} [ROUTE-27]: the recipient of
// the gift card just bought with 'Buy Now' [GIFT-04..07]. Submit saves a new card
// (savegiftcarddetails [API-37]) and goes on to send-now-or-schedule [GIFTF-01].
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational } from '@quokka/contract/mobile';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { withLoader } from '../../../lib/app-state';
import { parseGiftCardId, sendNowOrSchedulePath } from '../../../lib/gift-card-paths';
import { getItem, STORAGE_KEYS } from '../../../lib/storage';
import { saveGiftCardDetails } from '../api/save-gift-card-details';
import { GiftCardScreen } from '../components/gift-card-screen';
import { RecipientForm } from '../components/recipient-form';
import { refusalFieldErrors } from '../gift-card-refusal';

export function GiftCardAddPage() {
  const params = useParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const productId = parseGiftCardId(params.productid);
  const cartId = parseGiftCardId(params.cartid);
  const cartItemId = parseGiftCardId(params.cartitemid);
  const sku = params.configurableproductsku ?? '';
  const valid = productId !== null && cartId !== null && cartItemId !== null && sku !== '';
  // [GIFT-06] The purchaser's own mobile, as signed in, for the receipt.
  const ownMobile = getItem(STORAGE_KEYS.mobile);

  return (
    <GiftCardScreen
      title={MSG.giftCardRecipientHeading}
      lead={MSG.giftRecipientLead}
      state={valid ? 'ready' : 'missing'}
    >
      {valid ? (
        <RecipientForm
          busy={busy}
          initial={{
            recipient_firstname: '',
            recipient_lastname: '',
            recipient_mobile: '',
            recipient_message: '',
            purchaser_mobile: ownMobile ? formatMobileNational(ownMobile) : '',
          }}
          onSubmit={async (values) => {
            setBusy(true);
            try {
              const card = await withLoader(MSG.savingGiftCard, () =>
                saveGiftCardDetails({
                  ...values,
                  cart_id: cartId,
                  cart_item_id: cartItemId,
                  product_id: productId,
                  configurable_product_sku: sku,
                }),
              );
              navigate(sendNowOrSchedulePath(card.id)); // [GIFTF-01]
              return null;
            } catch (error) {
              setBusy(false);
              return refusalFieldErrors(error); // [VAL-51]
            }
          }}
        />
      ) : null}
    </GiftCardScreen>
  );
}
