// The delivery time zones offered for gift cards, and wall-clock ↔ instant conversion with Intl only.
// On the wire `scheduled_delivery` is a wall-clock time in `delivery_timezone` (DECISIONS.md "Gift cards").

import { DEFAULT_TIMEZONE } from './constants.ts';

export interface TimeZoneOption {
  readonly zone: AustralianZone;
  readonly label: string;
}

export type AustralianZone =
  | 'Australia/Sydney'
  | 'Australia/Melbourne'
  | 'Australia/Brisbane'
  | 'Australia/Adelaide'
  | 'Australia/Darwin'
  | 'Australia/Perth'
  | 'Australia/Hobart'
  | 'Australia/Lord_Howe';

/**
 * [CONST-22, CONST-23] The zones the schedule screen offers, default first. One per state capital plus
 * Lord Howe Island (a half-hour daylight-saving shift); the small local zones (Eucla, Broken Hill) are
 * left out on purpose: their people pick the capital whose clock they share for most of the year.
 */
export const AUSTRALIAN_TIME_ZONES: readonly TimeZoneOption[] = [
  { zone: 'Australia/Sydney', label: 'Sydney, Canberra (NSW, ACT)' },
  { zone: 'Australia/Melbourne', label: 'Melbourne (VIC)' },
  { zone: 'Australia/Brisbane', label: 'Brisbane (QLD)' },
  { zone: 'Australia/Adelaide', label: 'Adelaide (SA)' },
  { zone: 'Australia/Darwin', label: 'Darwin (NT)' },
  { zone: 'Australia/Perth', label: 'Perth (WA)' },
  { zone: 'Australia/Hobart', label: 'Hobart (TAS)' },
  { zone: 'Australia/Lord_Howe', label: 'Lord Howe Island' },
];

/** [CONST-22] The zone preselected in the schedule screen and used by Send Now. */
export const DEFAULT_ZONE: AustralianZone = DEFAULT_TIMEZONE;

export function isAustralianZone(zone: unknown): zone is AustralianZone {
  return typeof zone === 'string' && AUSTRALIAN_TIME_ZONES.some((option) => option.zone === zone);
}

export function timeZoneLabel(zone: string): string | undefined {
  return AUSTRALIAN_TIME_ZONES.find((option) => option.zone === zone)?.label;
}

/** 'YYYY-MM-DD HH:mm:ss', a wall-clock time with no zone of its own. */
export type WallTime = string;

export interface WallTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The parts of a well-formed wall time that names a real calendar date, else undefined. */
export function parseWallTime(wall: string): WallTimeParts | undefined {
  const match = WALL_TIME.exec(wall);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  if (day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day, hour, minute, second };
}

export function isWallTime(wall: unknown): wall is WallTime {
  return typeof wall === 'string' && parseWallTime(wall) !== undefined;
}

export function formatWallTime(parts: WallTimeParts): WallTime {
  const two = (n: number): string => String(n).padStart(2, '0');
  const date = `${String(parts.year).padStart(4, '0')}-${two(parts.month)}-${two(parts.day)}`;
  return `${date} ${two(parts.hour)}:${two(parts.minute)}:${two(parts.second)}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    // Throws RangeError for a zone Intl does not know, which is what callers should see.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

function zonedParts(instantMs: number, zone: string): WallTimeParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instantMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? Number.NaN,
    month: parts.month ?? Number.NaN,
    day: parts.day ?? Number.NaN,
    hour: parts.hour ?? Number.NaN,
    minute: parts.minute ?? Number.NaN,
    second: parts.second ?? Number.NaN,
  };
}

/** The wall time read as if it were UTC, in ms: the zone's clock face as a number. */
function wallAsUtcMs(parts: WallTimeParts): number {
  const ms = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  // Date.UTC maps years 0..99 to 1900..1999; set the year again so every year means itself.
  const date = new Date(ms);
  date.setUTCFullYear(parts.year);
  return date.getTime();
}

/** How far the zone's clock is ahead of UTC at this instant, in ms. */
function offsetAt(instantMs: number, zone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wallAsUtcMs(zonedParts(wholeSecond, zone)) - wholeSecond;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant at which the clock in `zone` shows `wall`.
 * - A wall time skipped by a daylight-saving start (the gap) moves forward by the gap: Sydney's
 *   02:30 on the first Sunday of October is 03:30 AEDT.
 * - A wall time shown twice at a daylight-saving end takes the earlier instant (still daylight time).
 * Throws RangeError for a malformed wall time or an unknown zone.
 */
export function zonedWallTimeToUtc(wall: WallTime, zone: string): Date {
  const parts = parseWallTime(wall);
  if (!parts) throw new RangeError(`Not a wall time (YYYY-MM-DD HH:mm:ss): ${wall}`);
  const naive = wallAsUtcMs(parts);
  // Australian zones change offset at most twice a year, so the offsets a day either side are the
  // only two the wall time can be under.
  const before = offsetAt(naive - DAY_MS, zone);
  const after = offsetAt(naive + DAY_MS, zone);
  const matches = [naive - before, naive - after].filter(
    (instant) => wallAsUtcMs(zonedParts(instant, zone)) === naive,
  );
  if (matches.length > 0) return new Date(Math.min(...matches));
  // In the gap: read the wall time with the offset in force before the change, which lands after it.
  return new Date(naive - before);
}

/** The wall time the clock in `zone` shows at `date`. Throws RangeError for an unknown zone. */
export function utcToZonedWallTime(date: Date, zone: string): WallTime {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid date');
  return formatWallTime(zonedParts(ms, zone));
}
