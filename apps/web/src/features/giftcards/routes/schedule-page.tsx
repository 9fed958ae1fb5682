// /giftcard/schedule/{giftcarddetailsid} [ROUTE-30, GIFT-13, GIFT-14]: the Australian time zone
// (Australia/Sydney first [CONST-22, CONST-23]), a calendar, hour and minute steppers that wrap
// [VAL-53, VAL-54] and 'Schedule'. A time already past in the chosen zone says 'Date must not be in the
// past' [VAL-52]; otherwise savegiftcardscheduleddate keeps the date, time and zone [GIFTF-05] and the
// templates come next [GIFTF-06].

import type { GiftCardDetails } from '@quokka/contract/api/giftcards';
import { MSG } from '@quokka/contract/messages';
import {
  AUSTRALIAN_TIME_ZONES,
  type AustralianZone,
  DEFAULT_ZONE,
  isAustralianZone,
  parseWallTime,
  utcToZonedWallTime,
} from '@quokka/contract/timezones';
import { stepHour, stepMinute, validateSchedule } from '@quokka/contract/validate-schedule';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { withLoader } from '../../../lib/app-state';
import { mmsTemplatesPath, parseGiftCardId } from '../../../lib/gift-card-paths';
import { giftCardDetailsQueryOptions, useGiftCardDetails } from '../api/gift-card-details';
import { saveScheduledDate } from '../api/save-scheduled-date';
import { Calendar, type PlainDate } from '../components/calendar';
import { GiftCardScreen } from '../components/gift-card-screen';
import { TimeStepper } from '../components/time-stepper';
import { formatSendTime } from '../gift-card-format';
import { refusalFieldErrors } from '../gift-card-refusal';
import '../../../components/forms/field.css';

const HOUR_MS = 60 * 60 * 1000;
const two = (value: number) => String(value).padStart(2, '0');

interface Choice {
  zone: AustralianZone;
  date: PlainDate;
  hour: number;
  minute: number;
}

/** The card's own schedule, else the next full hour in Sydney. */
function initialChoice(card: GiftCardDetails): Choice {
  const zone = isAustralianZone(card.delivery_timezone) ? card.delivery_timezone : DEFAULT_ZONE;
  const saved = card.scheduled_delivery ? parseWallTime(card.scheduled_delivery) : undefined;
  if (saved) {
    return {
      zone,
      date: card.scheduled_delivery?.slice(0, 10) ?? '',
      hour: saved.hour,
      minute: saved.minute,
    };
  }
  const next = utcToZonedWallTime(new Date(Date.now() + HOUR_MS), zone);
  return { zone, date: next.slice(0, 10), hour: Number(next.slice(11, 13)), minute: 0 };
}

function ScheduleForm({ card }: { card: GiftCardDetails }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice>(() => initialChoice(card));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = utcToZonedWallTime(new Date(), choice.zone).slice(0, 10);
  const wall = `${choice.date} ${two(choice.hour)}:${two(choice.minute)}:00`;

  function change(patch: Partial<Choice>) {
    setChoice((current) => ({ ...current, ...patch }));
    setError(null);
  }

  async function submit() {
    // [VAL-52] Checked here with the contract's rule, and again by the server.
    const found = validateSchedule(wall, choice.zone, new Date());
    const message = found.scheduled_delivery ?? found.delivery_timezone;
    if (message) {
      setError(message);
      return;
    }
    setBusy(true);
    try {
      const saved = await withLoader(MSG.savingGiftCard, () => saveScheduledDate(card.id, wall, choice.zone));
      queryClient.setQueryData(giftCardDetailsQueryOptions(card.id).queryKey, saved);
      navigate(mmsTemplatesPath(card.id)); // [GIFTF-06]
    } catch (caught) {
      setBusy(false);
      const fields = refusalFieldErrors(caught);
      if (fields) setError(Object.values(fields)[0] ?? null);
    }
  }

  return (
    <form
      className="schedule"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-zone`}>
          {MSG.timeZoneLabel}
        </label>
        <select
          id={`${id}-zone`}
          className="field__select"
          value={choice.zone}
          onChange={(event) => {
            if (isAustralianZone(event.target.value)) change({ zone: event.target.value });
          }}
        >
          {AUSTRALIAN_TIME_ZONES.map((option) => (
            <option key={option.zone} value={option.zone}>
              {option.label}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="schedule__group">
        <legend className="field__label" id={`${id}-date`}>
          {MSG.deliveryDate}
        </legend>
        <Calendar
          value={choice.date}
          min={today}
          labelledBy={`${id}-date`}
          onChange={(date) => change({ date })}
        />
      </fieldset>

      <fieldset className="schedule__group">
        <legend className="field__label">{MSG.deliveryTime}</legend>
        <div className="schedule__time">
          <TimeStepper
            label={MSG.hourLabel}
            value={choice.hour}
            max={23}
            step={stepHour}
            onChange={(hour) => change({ hour })}
            increaseLabel={MSG.increaseHour}
            decreaseLabel={MSG.decreaseHour}
          />
          <span className="schedule__colon" aria-hidden="true">
            :
          </span>
          <TimeStepper
            label={MSG.minuteLabel}
            value={choice.minute}
            max={59}
            step={stepMinute}
            onChange={(minute) => change({ minute })}
            increaseLabel={MSG.increaseMinute}
            decreaseLabel={MSG.decreaseMinute}
          />
        </div>
        <p className="schedule__preview" data-testid="schedule-preview">
          {formatSendTime(wall, choice.zone)}
        </p>
        <p className="schedule__note">{MSG.quietHoursNote}</p>
      </fieldset>

      {error ? (
        <p className="field__error schedule__error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" block disabled={busy}>
        {MSG.schedule}
      </Button>
    </form>
  );
}

export function SchedulePage() {
  const id = parseGiftCardId(useParams().giftcarddetailsid);
  const query = useGiftCardDetails(id);
  const card = query.data;
  return (
    <GiftCardScreen
      title={MSG.scheduleGiftCardHeading}
      state={id === null || query.isError ? 'missing' : card ? 'ready' : 'loading'}
    >
      {card ? <ScheduleForm key={card.id} card={card} /> : null}
    </GiftCardScreen>
  );
}
