import type { Clock } from '../clock.ts';

// [I12-1] The shop-wide SMS budget: a last line against an SMS bill run up through rotating addresses or
// many numbers. Per-number and per-address limits stay with the code sends (modules/auth); this caps all
// sends in the last hour (SMS_SENDS_PER_HOUR) and the sends to one destination prefix
// (SMS_SENDS_PER_PREFIX_PER_HOUR: a range of numbers, e.g. premium or one carrier's block). It counts in
// this process's memory, like the global request limit. When a budget runs out the send is refused and
// `alert` is called once an hour per budget, so the operator hears of it.

const HOUR_MS = 60 * 60 * 1000;
// All but the last five digits: +614123xxxxx is one range of 100,000 numbers.
const RANGE_DIGITS = 5;

export interface SmsBudgetOptions {
  perHour: number;
  perPrefixPerHour: number;
  clock: Clock;
  alert: (message: string) => void;
}

export interface SmsBudget {
  /** True, and the send is counted, when both budgets allow one more text to `mobile` (E.164). */
  take(mobile: string): boolean;
}

export const destinationPrefix = (mobile: string): string => mobile.slice(0, -RANGE_DIGITS);

export function createSmsBudget({ perHour, perPrefixPerHour, clock, alert }: SmsBudgetOptions): SmsBudget {
  const sends = new Map<string, number[]>();
  const alertedAt = new Map<string, number>();

  const recent = (key: string, now: number) => {
    // Empty ranges are dropped, so a flood over many prefixes leaves nothing behind after an hour.
    const kept = (sends.get(key) ?? []).filter((at) => now - at < HOUR_MS);
    if (kept.length === 0) sends.delete(key);
    return kept;
  };
  const refuse = (key: string, now: number, message: string) => {
    const last = alertedAt.get(key);
    if (last === undefined || now - last >= HOUR_MS) {
      alertedAt.set(key, now);
      alert(message);
    }
    return false;
  };

  return {
    take(mobile) {
      const now = clock.now().getTime();
      const prefix = destinationPrefix(mobile);
      const all = recent('*', now);
      const range = recent(prefix, now);
      if (all.length >= perHour) {
        return refuse(
          '*',
          now,
          `SMS budget spent: ${perHour} texts in the last hour; code sends are refused`,
        );
      }
      if (range.length >= perPrefixPerHour) {
        return refuse(
          prefix,
          now,
          `SMS budget spent for ${prefix}…: ${perPrefixPerHour} texts in the last hour; sends there are refused`,
        );
      }
      sends.set('*', [...all, now]);
      sends.set(prefix, [...range, now]);
      return true;
    },
  };
}
