// /giftcard/sendnoworschedule/{giftcarddetailsid} [ROUTE-29, GIFT-08..12]: the card, then 'Send Now'
// (the current time in Australia/Sydney, savegiftcardscheduleddate, then the templates
// [GIFTF-03, GIFTF-04]) or 'Schedule' (the schedule screen).

import { MSG } from '@quokka/contract/messages';
import { DEFAULT_ZONE, utcToZonedWallTime } from '@quokka/contract/timezones';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { withLoader } from '../../../lib/app-state';
import { mmsTemplatesPath, parseGiftCardId, schedulePath } from '../../../lib/gift-card-paths';
import { giftCardDetailsQueryOptions, useGiftCardDetails } from '../api/gift-card-details';
import { saveScheduledDate } from '../api/save-scheduled-date';
import { GiftCardScreen } from '../components/gift-card-screen';
import { GiftCardSummary } from '../components/gift-card-summary';
import { refusalFieldErrors } from '../gift-card-refusal';

export function SendNowOrSchedulePage() {
  const id = parseGiftCardId(useParams().giftcarddetailsid);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useGiftCardDetails(id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const card = query.data;

  async function sendNow() {
    if (id === null) return;
    setBusy(true);
    setError(null);
    try {
      // [GIFTF-03] Now, on the clock of Australia/Sydney.
      const now = utcToZonedWallTime(new Date(), DEFAULT_ZONE);
      const saved = await withLoader(MSG.savingGiftCard, () => saveScheduledDate(id, now, DEFAULT_ZONE));
      queryClient.setQueryData(giftCardDetailsQueryOptions(id).queryKey, saved);
      navigate(mmsTemplatesPath(id)); // [GIFTF-04]
    } catch (caught) {
      setBusy(false);
      const fields = refusalFieldErrors(caught);
      if (fields) setError(Object.values(fields)[0] ?? null);
    }
  }

  return (
    <GiftCardScreen
      title={MSG.sendNowOrScheduleHeading}
      state={id === null || query.isError ? 'missing' : card ? 'ready' : 'loading'}
    >
      {card && id !== null ? (
        <div className="gift-choice">
          <GiftCardSummary card={card} />
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="gift-choice__actions">
            <div className="gift-choice__option">
              <Button block disabled={busy} onClick={() => void sendNow()}>
                {MSG.sendNow}
              </Button>
              <p className="gift-choice__hint">{MSG.sendNowHint}</p>
            </div>
            <div className="gift-choice__option">
              <Button block variant="secondary" disabled={busy} onClick={() => navigate(schedulePath(id))}>
                {MSG.schedule}
              </Button>
              <p className="gift-choice__hint">{MSG.scheduleHint}</p>
            </div>
          </div>
        </div>
      ) : null}
    </GiftCardScreen>
  );
}
