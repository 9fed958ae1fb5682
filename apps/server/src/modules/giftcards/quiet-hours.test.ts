import { describe, expect, it } from 'vitest';
import { isQuietHour, nextSendableInstant } from './quiet-hours.ts';

// [CONST-27] Quiet hours on the clock of the card's zone, at their edges, in a zone without daylight
// saving (Perth, UTC+8) and one with it (Sydney: AEST UTC+10, AEDT UTC+11 from the first Sunday of
// October to the first Sunday of April).

const at = (iso: string) => new Date(iso);

describe.each([
  {
    zone: 'Australia/Perth',
    // 2026-11-21 19:59:59 … 2026-11-22 06:00:00 in Perth
    before: '2026-11-21T11:59:59Z',
    start: '2026-11-21T12:00:00Z',
    end: '2026-11-21T21:59:59Z',
    morning: '2026-11-21T22:00:00Z',
  },
  {
    zone: 'Australia/Sydney',
    // the same wall times in Sydney, summer time (UTC+11)
    before: '2026-11-21T08:59:59Z',
    start: '2026-11-21T09:00:00Z',
    end: '2026-11-21T18:59:59Z',
    morning: '2026-11-21T19:00:00Z',
  },
  {
    zone: 'Australia/Sydney',
    // winter time (UTC+10): 2026-07-01 19:59:59 … 2026-07-02 06:00:00
    before: '2026-07-01T09:59:59Z',
    start: '2026-07-01T10:00:00Z',
    end: '2026-07-01T19:59:59Z',
    morning: '2026-07-01T20:00:00Z',
  },
])('[CONST-27] quiet hours in $zone', ({ zone, before, start, end, morning }) => {
  it('19:59:59 is not quiet: sent as it is', () => {
    expect(isQuietHour(at(before), zone)).toBe(false);
    expect(nextSendableInstant(at(before), zone)).toEqual(at(before));
  });

  it('20:00:00 is quiet: deferred to 06:00:00 the next morning', () => {
    expect(isQuietHour(at(start), zone)).toBe(true);
    expect(nextSendableInstant(at(start), zone)).toEqual(at(morning));
  });

  it('05:59:59 is quiet: deferred to 06:00:00 that morning', () => {
    expect(isQuietHour(at(end), zone)).toBe(true);
    expect(nextSendableInstant(at(end), zone)).toEqual(at(morning));
  });

  it('06:00:00 is not quiet', () => {
    expect(isQuietHour(at(morning), zone)).toBe(false);
    expect(nextSendableInstant(at(morning), zone)).toEqual(at(morning));
  });
});

describe('[CONST-27] across daylight-saving changes in Sydney', () => {
  it('when summer time starts (Sunday 4 October 2026) the night is 9 hours: 06:00 is 06:00 AEDT', () => {
    // Saturday 20:00 AEST (UTC+10) → Sunday 06:00 AEDT (UTC+11), not 06:00 AEST (which would be 07:00).
    expect(nextSendableInstant(at('2026-10-03T10:00:00Z'), 'Australia/Sydney')).toEqual(
      at('2026-10-03T19:00:00Z'),
    );
    // 03:30 AEDT, just after the clocks went forward.
    expect(nextSendableInstant(at('2026-10-03T16:30:00Z'), 'Australia/Sydney')).toEqual(
      at('2026-10-03T19:00:00Z'),
    );
    expect(isQuietHour(at('2026-10-03T18:59:59Z'), 'Australia/Sydney')).toBe(true);
    expect(isQuietHour(at('2026-10-03T19:00:00Z'), 'Australia/Sydney')).toBe(false);
  });

  it('when summer time ends (Sunday 5 April 2026) the night is 11 hours: 06:00 is 06:00 AEST', () => {
    // Saturday 20:00 AEDT (UTC+11) → Sunday 06:00 AEST (UTC+10), not 05:00 AEST.
    expect(nextSendableInstant(at('2026-04-04T09:00:00Z'), 'Australia/Sydney')).toEqual(
      at('2026-04-04T20:00:00Z'),
    );
    // 02:30 shown twice: both readings wait until 06:00 AEST.
    expect(nextSendableInstant(at('2026-04-04T15:30:00Z'), 'Australia/Sydney')).toEqual(
      at('2026-04-04T20:00:00Z'),
    );
    expect(nextSendableInstant(at('2026-04-04T16:30:00Z'), 'Australia/Sydney')).toEqual(
      at('2026-04-04T20:00:00Z'),
    );
    expect(isQuietHour(at('2026-04-04T19:59:59Z'), 'Australia/Sydney')).toBe(true);
    expect(isQuietHour(at('2026-04-04T20:00:00Z'), 'Australia/Sydney')).toBe(false);
  });

  it('Perth keeps its hours on those dates (no daylight saving)', () => {
    expect(nextSendableInstant(at('2026-10-03T12:00:00Z'), 'Australia/Perth')).toEqual(
      at('2026-10-03T22:00:00Z'),
    );
    expect(nextSendableInstant(at('2026-04-04T12:00:00Z'), 'Australia/Perth')).toEqual(
      at('2026-04-04T22:00:00Z'),
    );
  });

  it('a night that crosses a month and a year end still ends on the next morning', () => {
    // 31 December 2026 21:00 AEDT → 1 January 2027 06:00 AEDT.
    expect(nextSendableInstant(at('2026-12-31T10:00:00Z'), 'Australia/Sydney')).toEqual(
      at('2026-12-31T19:00:00Z'),
    );
  });
});
