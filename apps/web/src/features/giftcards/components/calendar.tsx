// [GIFT-13] The schedule screen's calendar: a month grid, weeks from Monday (as Australian calendars
// print them), days before today in the chosen zone unavailable. Keyboard (as the ARIA date picker): arrows
// move a day or a week, Home/End to the week's ends, Page Up/Page Down a month; Enter or Space chooses.
import { MSG } from '@quokka/contract/messages';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

/** 'YYYY-MM-DD' */
export type PlainDate = string;

const DAY_MS = 24 * 60 * 60 * 1000;

function toUtc(date: PlainDate): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

function fromUtc(date: Date): PlainDate {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: PlainDate, days: number): PlainDate {
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

/** The same day of another month, or that month's last day when it is shorter. */
export function addMonths(date: PlainDate, months: number): PlainDate {
  const start = toUtc(date);
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return fromUtc(target);
}

/** 0 for Monday … 6 for Sunday. */
function weekdayFromMonday(date: PlainDate): number {
  return (toUtc(date).getUTCDay() + 6) % 7;
}

const monthFormat = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const dayFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

/** The 6 × 7 days shown for the month of `date`, from the Monday on or before its 1st. */
function monthGrid(date: PlainDate): PlainDate[][] {
  const first = `${date.slice(0, 7)}-01`;
  const start = addDays(first, -weekdayFromMonday(first));
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(start, week * 7 + day)),
  );
}

/** Where a key moves the focused day, or null for keys the calendar leaves alone. */
export function keyMove(key: string, date: PlainDate): PlainDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekdayFromMonday(date));
    case 'End':
      return addDays(date, 6 - weekdayFromMonday(date));
    case 'PageUp':
      return addMonths(date, -1);
    case 'PageDown':
      return addMonths(date, 1);
    default:
      return null;
  }
}

export interface CalendarProps {
  value: PlainDate;
  /** The earliest day that can be chosen (today in the chosen zone). */
  min: PlainDate;
  onChange: (date: PlainDate) => void;
  labelledBy?: string;
}

export function Calendar({ value, min, onChange, labelledBy }: CalendarProps) {
  const id = useId();
  const [focused, setFocused] = useState<PlainDate>(value);
  const [moveFocus, setMoveFocus] = useState(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const month = focused.slice(0, 7);

  useEffect(() => {
    setFocused(value);
  }, [value]);

  useEffect(() => {
    if (!moveFocus) return;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
    setMoveFocus(false);
  }, [focused, moveFocus]);

  function go(date: PlainDate) {
    setFocused(date);
    setMoveFocus(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: PlainDate) {
    const next = keyMove(event.key, date);
    if (next === null) return;
    event.preventDefault();
    go(next);
  }

  const canGoBack = month > min.slice(0, 7);
  const titleId = `${id}-month`;
  return (
    <div className="calendar">
      <div className="calendar__head">
        <button
          type="button"
          className="calendar__nav"
          aria-label={MSG.previousMonth}
          disabled={!canGoBack}
          onClick={() => setFocused(addMonths(focused, -1))}
        >
          ‹
        </button>
        {/* h2: the calendar sits straight under the page's h1 (axe heading-order). */}
        <h2 className="calendar__month" id={titleId} aria-live="polite">
          {monthFormat.format(toUtc(focused))}
        </h2>
        <button
          type="button"
          className="calendar__nav"
          aria-label={MSG.nextMonth}
          onClick={() => setFocused(addMonths(focused, 1))}
        >
          ›
        </button>
      </div>
      <table
        className="calendar__grid"
        ref={gridRef}
        aria-labelledby={labelledBy ? `${labelledBy} ${titleId}` : titleId}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(focused).map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const outside = date.slice(0, 7) !== month;
                const past = date < min;
                const selected = date === value;
                const classes = [
                  'calendar__day',
                  outside ? 'calendar__day--outside' : '',
                  selected ? 'calendar__day--selected' : '',
                  date === min ? 'calendar__day--today' : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={date}>
                    <button
                      type="button"
                      className={classes}
                      data-date={date}
                      tabIndex={date === focused ? 0 : -1}
                      aria-label={dayFormat.format(toUtc(date))}
                      aria-pressed={selected}
                      aria-disabled={past || undefined}
                      onKeyDown={(event) => onKeyDown(event, date)}
                      onClick={() => {
                        if (past) return;
                        onChange(date);
                        go(date);
                      }}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
