import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { parseWallTime, utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import Holidays from 'date-holidays';

// The money rules between the operator and sellers (DECISIONS.md "Money between the operator and
// sellers", SPEC.md §9), as pure functions over integer cents and Sydney dates. docs/money.md explains
// them with a worked example.
// - Every percentage is an exact fraction of integers (2.9% of c is c × 29 / 1000), rounded half-up to
//   the cent once, per order and seller. No floating point touches money.
// - GST is 10% of the sum of the already-rounded fees, rounded half-up.
// - A refund or chargeback reverses the sale and the commission in proportion, cumulatively, so that
//   several partial refunds never reverse more (or less) than one full refund would; the service fee is
//   kept, and GST follows the fees that remain.
// - Weeks end on Monday at 11:59:59.999 on Sydney's wall clock; business days skip weekends and NSW
//   public holidays (date-holidays, type 'public' only).

const ZONE = DEFAULT_TIMEZONE; // [CONST-22] the shop's one zone (Sydney)

const SERVICE_FEE = { numerator: 29n, denominator: 1000n }; // [BIZ-01] 2.9%
const COMMISSION = { numerator: 31n, denominator: 1000n }; // [BIZ-02] 3.1%
const GST = { numerator: 10n, denominator: 100n }; // 10%

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of cents: ${value}`);
  }
}

function assertInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number of cents: ${value}`);
}

/** numerator / denominator rounded half-up; both non-negative, denominator > 0. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** cents × rate, rounded half-up to the cent. */
function percentOf(cents: number, rate: { numerator: bigint; denominator: bigint }): number {
  return Number(divideHalfUp(BigInt(cents) * rate.numerator, rate.denominator));
}

// ---------------------------------------------------------------------------------------------------
// 1. A seller's share of an order

export interface OrderForShares {
  shippingCents: number;
  lines: readonly { sellerId: number; lineTotalCents: number }[];
}

export interface SellerShare {
  sellerId: number;
  linesCents: number;
  shippingShareCents: number;
  /** linesCents + shippingShareCents: the base of the service fee. */
  shareCents: number;
}

/**
 * Each seller's lines, their part of the order's shipping and their share, in sellerId order. Shipping
 * is split in proportion to the sellers' line totals by largest remainder: each seller first gets the
 * whole cents of their exact part, then the cents left over go one each to the largest remainders (the
 * lower sellerId first on a tie). An order whose lines total 0 splits shipping evenly the same way. The
 * shipping shares always add up to the order's shipping exactly.
 */
export function sellerShares(order: OrderForShares): SellerShare[] {
  assertCents(order.shippingCents, 'shippingCents');
  if (order.lines.length === 0) throw new RangeError('An order has at least one line');
  const linesBySeller = new Map<number, number>();
  for (const line of order.lines) {
    if (!Number.isSafeInteger(line.sellerId))
      throw new RangeError(`sellerId must be an integer: ${line.sellerId}`);
    assertCents(line.lineTotalCents, 'lineTotalCents');
    linesBySeller.set(line.sellerId, (linesBySeller.get(line.sellerId) ?? 0) + line.lineTotalCents);
  }
  const sellers = [...linesBySeller.entries()]
    .map(([sellerId, linesCents]) => ({ sellerId, linesCents }))
    .sort((a, b) => a.sellerId - b.sellerId);

  const linesTotal = sellers.reduce((sum, seller) => sum + seller.linesCents, 0);
  // Weights: the line totals, or 1 each when there is nothing to be proportional to.
  const weight = (linesCents: number): bigint => BigInt(linesTotal === 0 ? 1 : linesCents);
  const totalWeight = linesTotal === 0 ? BigInt(sellers.length) : BigInt(linesTotal);
  const shipping = BigInt(order.shippingCents);

  const parts = sellers.map((seller) => {
    const exact = shipping * weight(seller.linesCents);
    return { ...seller, whole: exact / totalWeight, remainder: exact % totalWeight };
  });
  let leftOver = shipping - parts.reduce((sum, part) => sum + part.whole, 0n);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.sellerId - b.sellerId : a.remainder > b.remainder ? -1 : 1,
  );
  const extra = new Set<number>();
  for (const part of byRemainder) {
    if (leftOver === 0n) break;
    extra.add(part.sellerId);
    leftOver -= 1n;
  }

  return parts.map((part) => {
    const shippingShareCents = Number(part.whole) + (extra.has(part.sellerId) ? 1 : 0);
    return {
      sellerId: part.sellerId,
      linesCents: part.linesCents,
      shippingShareCents,
      shareCents: part.linesCents + shippingShareCents,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// 2. Fees on one order for one seller

export interface OrderFees {
  /** 2.9% of the seller's share, GST-exclusive. */
  serviceFeeCents: number;
  /** 3.1% of the seller's marketplace lines, GST-exclusive. */
  commissionCents: number;
  /** 10% of (serviceFeeCents + commissionCents), the already-rounded fees. */
  gstCents: number;
}

/**
 * [BIZ-01, BIZ-02] The fees of one seller on one order. `marketplaceLinesCents` is the seller's lines when
 * the seller is not the order's affiliate seller, else 0 (a seller's lines in one order are either all
 * marketplace sales or none).
 */
export function orderFees(input: { shareCents: number; marketplaceLinesCents: number }): OrderFees {
  assertCents(input.shareCents, 'shareCents');
  assertCents(input.marketplaceLinesCents, 'marketplaceLinesCents');
  if (input.marketplaceLinesCents > input.shareCents) {
    throw new RangeError('marketplaceLinesCents cannot exceed shareCents');
  }
  const serviceFeeCents = percentOf(input.shareCents, SERVICE_FEE);
  const commissionCents = percentOf(input.marketplaceLinesCents, COMMISSION);
  return { serviceFeeCents, commissionCents, gstCents: percentOf(serviceFeeCents + commissionCents, GST) };
}

// ---------------------------------------------------------------------------------------------------
// 3. Refunds and chargebacks

export interface ReversalInput {
  /** The seller's lines on the order (the base the commission was charged on, or would have been). */
  saleLinesCents: number;
  /** The service fee charged on the order; kept, but needed to keep GST at 10% of the fees left. */
  serviceFeeCents: number;
  /** The commission charged on the order (0 when the seller was the affiliate seller). */
  commissionCents: number;
  /** Lines refunded by this refund. */
  refundedLinesCents: number;
  /** Shipping refunded by this refund (reversed as sale; no fee follows it). */
  refundedShippingCents?: number;
  /** Lines refunded by earlier refunds or chargebacks of the same order and seller. */
  previouslyRefundedLinesCents?: number;
}

export interface Reversal {
  /** Sale given back: the refunded lines plus any refunded shipping. */
  saleCents: number;
  /** Commission given back to the seller. */
  commissionCents: number;
  /** GST given back with it. */
  gstCents: number;
}

/**
 * A refund reverses the refunded lines' sale and the commission in proportion; the service fee is kept
 * (DECISIONS.md). Commission given back over all refunds so far is round(commission × refunded / lines),
 * half-up, and each refund gives back the growth of that figure: a full refund in parts gives back
 * exactly the commission. GST given back is the fall of GST on the fees that remain, so that the GST
 * kept is always 10% of the fees kept, rounded half-up, as on the order itself.
 */
export function refundReversal(input: ReversalInput): Reversal {
  const refundedShippingCents = input.refundedShippingCents ?? 0;
  const previousCents = input.previouslyRefundedLinesCents ?? 0;
  assertCents(input.saleLinesCents, 'saleLinesCents');
  assertCents(input.serviceFeeCents, 'serviceFeeCents');
  assertCents(input.commissionCents, 'commissionCents');
  assertCents(input.refundedLinesCents, 'refundedLinesCents');
  assertCents(refundedShippingCents, 'refundedShippingCents');
  assertCents(previousCents, 'previouslyRefundedLinesCents');
  if (previousCents + input.refundedLinesCents > input.saleLinesCents) {
    throw new RangeError('Cannot refund more lines than were sold');
  }
  const lines = BigInt(input.saleLinesCents);
  const commission = BigInt(input.commissionCents);
  const reversedBy = (refunded: number): bigint =>
    lines === 0n ? 0n : divideHalfUp(commission * BigInt(refunded), lines);
  const before = reversedBy(previousCents);
  const after = reversedBy(previousCents + input.refundedLinesCents);
  const gstOnFeesLeft = (reversed: bigint): number =>
    percentOf(input.serviceFeeCents + input.commissionCents - Number(reversed), GST);
  return {
    saleCents: input.refundedLinesCents + refundedShippingCents,
    commissionCents: Number(after - before),
    gstCents: gstOnFeesLeft(before) - gstOnFeesLeft(after),
  };
}

/** [BIZ-06] A chargeback is allowed up to the same Sydney wall-clock moment 3 calendar months on. */
export function chargebackDeadline(orderedAt: Date): Date {
  const wall = sydneyParts(orderedAt);
  const target = new Date(Date.UTC(wall.year, wall.month - 1 + 3, 1));
  const year = target.getUTCFullYear();
  const month = target.getUTCMonth() + 1;
  // 30 November + 3 months is the last day of February, not 2 or 3 March.
  const day = Math.min(wall.day, new Date(Date.UTC(year, month, 0)).getUTCDate());
  const time = `${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`;
  return zonedWallTimeToUtc(`${isoDate(year, month, day)} ${time}`, ZONE);
}

/** [BIZ-06] Chargebacks are allowed within 3 months of the order (Sydney calendar months). */
export function chargebackAllowed(orderedAt: Date, at: Date): boolean {
  assertInstant(orderedAt, 'orderedAt');
  assertInstant(at, 'at');
  if (at.getTime() < orderedAt.getTime()) throw new RangeError('A chargeback cannot come before its order');
  return at.getTime() <= chargebackDeadline(orderedAt).getTime();
}

export type ChargebackOutcome = { allowed: true; reversal: Reversal } | { allowed: false; deadline: Date };

/** [BIZ-06] A chargeback within 3 months reverses sale and commission exactly as a refund does. */
export function chargebackReversal(input: ReversalInput & { orderedAt: Date; at: Date }): ChargebackOutcome {
  if (!chargebackAllowed(input.orderedAt, input.at)) {
    return { allowed: false, deadline: chargebackDeadline(input.orderedAt) };
  }
  return { allowed: true, reversal: refundReversal(input) };
}

// ---------------------------------------------------------------------------------------------------
// 4. Weeks ending Monday 11:59:59.999 Sydney time

export interface LedgerWeek {
  /** Monday 12:00:00.000 Sydney time, the first instant of the week. */
  start: Date;
  /** Monday 11:59:59.999 Sydney time seven calendar days later, the last instant of the week. */
  end: Date;
  /** The Sydney date of that last Monday, 'YYYY-MM-DD'. */
  endsOn: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function two(n: number): string {
  return String(n).padStart(2, '0');
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
}

function assertInstant(at: Date, name: string): void {
  if (!(at instanceof Date) || Number.isNaN(at.getTime()))
    throw new RangeError(`${name} is not a valid instant`);
}

function sydneyParts(at: Date) {
  assertInstant(at, 'instant');
  const parts = parseWallTime(utcToZonedWallTime(at, ZONE));
  if (!parts) throw new RangeError(`No Sydney wall time for ${at.toISOString()}`);
  return parts;
}

/** A calendar date 'YYYY-MM-DD' as a UTC midnight, for day arithmetic only. */
function parseDate(date: string): Date {
  const match = DATE.exec(date);
  const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!parsed || parsed.toISOString().slice(0, 10) !== date)
    throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return parsed;
}

function addDays(date: string, days: number): string {
  const parsed = parseDate(date);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

function weekday(date: string): number {
  return parseDate(date).getUTCDay(); // 0 Sunday … 6 Saturday
}

/**
 * [BIZ-03] The week ending at 11:59:59.999 Sydney time on Monday `date`. The week is 7 days of Sydney's wall
 * clock, so the weeks holding the October and April daylight-saving changes last 167 and 169 hours.
 */
export function weekEndingOn(date: string): LedgerWeek {
  if (weekday(date) !== 1) throw new RangeError(`A week ends on a Monday: ${date}`);
  const start = zonedWallTimeToUtc(`${addDays(date, -7)} 12:00:00`, ZONE);
  const end = new Date(zonedWallTimeToUtc(`${date} 12:00:00`, ZONE).getTime() - 1);
  return { start, end, endsOn: date };
}

/** [BIZ-03] The week a money event at `instant` belongs to: 12:00:00.000 on a Monday starts the next week. */
export function weekOf(instant: Date): LedgerWeek {
  const wall = sydneyParts(instant);
  const today = isoDate(wall.year, wall.month, wall.day);
  const daysToMonday = (1 - weekday(today) + 7) % 7;
  const endsOn = daysToMonday === 0 && wall.hour >= 12 ? addDays(today, 7) : addDays(today, daysToMonday);
  return weekEndingOn(endsOn);
}

// ---------------------------------------------------------------------------------------------------
// 5–6. Business days: remittance and tax invoice dates

// Only type 'public' counts: date-holidays also lists NSW's first-Monday-of-August 'bank' holiday and
// 'observance' days (Mother's Day); DECISIONS.md names NSW public holidays only. docs/money.md says so.
const nswHolidays = new Holidays('AU', 'NSW');
const publicHolidaysByYear = new Map<number, Set<string>>();

function nswPublicHolidays(year: number): Set<string> {
  let dates = publicHolidaysByYear.get(year);
  if (!dates) {
    // `date` is the local date as 'YYYY-MM-DD hh:mm:ss'; reading its first 10 characters keeps this
    // independent of the machine's time zone.
    dates = new Set(
      nswHolidays
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    publicHolidaysByYear.set(year, dates);
  }
  return dates;
}

/** True for a NSW public holiday 'YYYY-MM-DD' (substitute days included). */
export function isNswPublicHoliday(date: string): boolean {
  parseDate(date);
  return nswPublicHolidays(Number(date.slice(0, 4))).has(date);
}

/** Monday to Friday and not a NSW public holiday. */
export function isBusinessDay(date: string): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && !isNswPublicHoliday(date);
}

/** The `count`-th business day after `date` (not counting `date` itself). */
export function addBusinessDays(date: string, count: number): string {
  if (!Number.isSafeInteger(count) || count < 1)
    throw new RangeError(`count must be a whole number ≥ 1: ${count}`);
  let day = date;
  for (let found = 0; found < count; ) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) found += 1;
  }
  return day;
}

/**
 * [BIZ-04] The remittance date of a week: 2 business days after the Monday on which it ends (the
 * Monday itself is not counted, holiday or not).
 */
export function remittanceDate(weekEnd: Date): string {
  const wall = sydneyParts(weekEnd);
  return addBusinessDays(isoDate(wall.year, wall.month, wall.day), 2);
}

/** [BIZ-05] The monthly tax invoice for `month` ('YYYY-MM') is issued on the first business day after it. */
export function invoiceIssueDate(month: string): string {
  const firstOfMonth = parseDate(`${month}-01`);
  const lastDay = new Date(Date.UTC(firstOfMonth.getUTCFullYear(), firstOfMonth.getUTCMonth() + 1, 0));
  return addBusinessDays(lastDay.toISOString().slice(0, 10), 1);
}

// ---------------------------------------------------------------------------------------------------
// 7. Negative weeks carry forward

export interface PayableWeek {
  netCents: number;
  /** A negative balance brought from earlier weeks (≤ 0). */
  broughtForwardCents: number;
  /** What is paid for this week (≥ 0). */
  payableCents: number;
  /** The negative balance taken into the next week (≤ 0). */
  carriedForwardCents: number;
}

/**
 * Weeks in order, each with its net (sales less reversals, fees and GST): a week whose net plus what
 * was brought forward is negative pays nothing and carries that amount into the next week.
 */
export function carryForward(weeks: readonly number[], broughtForwardCents = 0): PayableWeek[] {
  assertInteger(broughtForwardCents, 'broughtForwardCents');
  if (broughtForwardCents > 0) throw new RangeError('Only a negative balance is carried forward');
  let brought = broughtForwardCents;
  return weeks.map((netCents) => {
    assertInteger(netCents, 'netCents');
    const balance = netCents + brought;
    const week = {
      netCents,
      broughtForwardCents: brought,
      payableCents: Math.max(0, balance),
      carriedForwardCents: Math.min(0, balance),
    };
    brought = week.carriedForwardCents;
    return week;
  });
}

// ---------------------------------------------------------------------------------------------------
// 8. [I32] The sellers' monthly subscription (SELLER_SUBSCRIPTION_CENTS)

/**
 * The Sydney month ('YYYY-MM') whose subscription the week ending on Monday `endsOn` charges, or null.
 * The rule: a month's subscription goes on the first statement of that month, the statement of the week
 * whose end (Monday 11:59:59.999 Sydney) is the first week-end falling in the month on Sydney's calendar,
 * i.e. the week ending on the month's first Monday (day 1 to 7). A month starting on a Tuesday is charged
 * on the week ending Monday the 7th (whose days are mostly the previous month's); a month starting on a
 * Monday on the week ending that day, the 1st. The week end is a Sydney date: at 11:59 on a Monday Sydney
 * is 10 or 11 hours ahead of UTC, so the UTC date is the same Monday and no week is charged twice.
 */
export function subscriptionMonth(endsOn: string): string | null {
  if (weekday(endsOn) !== 1) throw new RangeError(`A week ends on a Monday: ${endsOn}`);
  return Number(endsOn.slice(8, 10)) <= 7 ? endsOn.slice(0, 7) : null;
}

export interface SubscriptionCharge {
  /** The month's subscription, GST-exclusive. */
  subscriptionCents: number;
  /** 10% GST on it, rounded half-up to the cent (as GST on fees). */
  gstCents: number;
}

/** [I32] The monthly subscription and its GST: 2,900 cents → GST 290; 2,905 → 291 (290.5 rounds up). */
export function subscriptionCharge(subscriptionCents: number): SubscriptionCharge {
  assertCents(subscriptionCents, 'subscriptionCents');
  return { subscriptionCents, gstCents: percentOf(subscriptionCents, GST) };
}
