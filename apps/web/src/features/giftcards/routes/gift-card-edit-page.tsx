// /giftcard/edit/{giftcarddetailsid} [ROUTE-28]: the recipient form filled with the card's details;
// editgiftcarddetails [API-38] (its status, input_validation and data), then back to
// send-now-or-schedule [GIFTF-02].
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational } from '@quokka/contract/mobile';
import { fromInputValidation, hasErrors } from '@quokka/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { withLoader } from '../../../lib/app-state';
import { parseGiftCardId, sendNowOrSchedulePath } from '../../../lib/gift-card-paths';
import { editGiftCardDetails } from '../api/edit-gift-card-details';
import { giftCardDetailsQueryOptions, useGiftCardDetails } from '../api/gift-card-details';
import { GiftCardScreen } from '../components/gift-card-screen';
import { RecipientForm } from '../components/recipient-form';
import { refusalFieldErrors } from '../gift-card-refusal';

export function GiftCardEditPage() {
  const id = parseGiftCardId(useParams().giftcarddetailsid);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useGiftCardDetails(id);
  const [busy, setBusy] = useState(false);
  const card = query.data;

  return (
    <GiftCardScreen
      title={MSG.editGiftCardRecipientHeading}
      state={id === null || query.isError ? 'missing' : card ? 'ready' : 'loading'}
    >
      {card && id !== null ? (
        <RecipientForm
          key={card.id}
          busy={busy}
          initial={{
            recipient_firstname: card.recipient_firstname,
            recipient_lastname: card.recipient_lastname,
            recipient_mobile: formatMobileNational(card.recipient_mobile),
            recipient_message: card.recipient_message,
            purchaser_mobile: formatMobileNational(card.purchaser_mobile),
          }}
          onSubmit={async (values) => {
            setBusy(true);
            try {
              const reply = await withLoader(MSG.savingGiftCard, () => editGiftCardDetails(id, values));
              const refused = fromInputValidation(reply.input_validation);
              if (!reply.status || hasErrors(refused)) {
                setBusy(false);
                return refused; // [VAL-51]
              }
              if (reply.data) queryClient.setQueryData(giftCardDetailsQueryOptions(id).queryKey, reply.data);
              navigate(sendNowOrSchedulePath(id)); // [GIFTF-02]
              return null;
            } catch (error) {
              setBusy(false);
              return refusalFieldErrors(error);
            }
          }}
        />
      ) : null}
    </GiftCardScreen>
  );
}
