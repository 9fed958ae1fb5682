import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  carryForward,
  chargebackAllowed,
  chargebackDeadline,
  chargebackReversal,
  invoiceIssueDate,
  isBusinessDay,
  isNswPublicHoliday,
  orderFees,
  refundReversal,
  remittanceDate,
  sellerShares,
  weekEndingOn,
  weekOf,
} from './ledger-rules.ts';

// [I16-money] The money rules of DECISIONS.md "Money between the operator and sellers" and SPEC.md §9,
// every figure worked by hand in the comment next to it. Sydney is AEST (UTC+10) in winter and AEDT
// (UTC+11) from the first Sunday of October to the first Sunday of April.

const at = (iso: string) => new Date(iso);
const line = (sellerId: number, lineTotalCents: number) => ({ sellerId, lineTotalCents });
const HOUR = 60 * 60 * 1000;

describe('[I16-money] a seller’s share of an order', () => {
  it('splits shipping that does not divide evenly among 3 sellers by largest remainder', () => {
    // Lines 1000 + 2000 + 3000 = 6000; shipping 1000.
    // Exact parts: 1000×1000/6000 = 166 r 4000, 1000×2000/6000 = 333 r 2000, 1000×3000/6000 = 500 r 0.
    // Whole cents 166 + 333 + 500 = 999; the 1 cent left goes to the largest remainder (seller 1).
    const shares = sellerShares({
      shippingCents: 1000,
      lines: [line(3, 3000), line(1, 1000), line(2, 2000)],
    });
    expect(shares).toEqual([
      { sellerId: 1, linesCents: 1000, shippingShareCents: 167, shareCents: 1167 },
      { sellerId: 2, linesCents: 2000, shippingShareCents: 333, shareCents: 2333 },
      { sellerId: 3, linesCents: 3000, shippingShareCents: 500, shareCents: 3500 },
    ]);
    expect(shares.reduce((sum, share) => sum + share.shippingShareCents, 0)).toBe(1000);
  });

  it('adds up a seller’s several lines and breaks a tie of remainders by the lower sellerId', () => {
    // Seller 7: 200 + 300 = 500, seller 3: 500. Shipping 995: 995×500/1000 = 497 r 500 each.
    // 497 + 497 = 994; the 1 cent left goes to seller 3 (remainders tie, 3 < 7).
    expect(sellerShares({ shippingCents: 995, lines: [line(7, 200), line(3, 500), line(7, 300)] })).toEqual([
      { sellerId: 3, linesCents: 500, shippingShareCents: 498, shareCents: 998 },
      { sellerId: 7, linesCents: 500, shippingShareCents: 497, shareCents: 997 },
    ]);
  });

  it('gives 2 left-over cents to 2 sellers: 1001 among three equal line totals', () => {
    // 1001×100/300 = 333 r 200 for each; 999 whole, 2 cents left → sellers 1 and 2.
    const shares = sellerShares({ shippingCents: 1001, lines: [line(1, 100), line(2, 100), line(3, 100)] });
    expect(shares.map((share) => share.shippingShareCents)).toEqual([334, 334, 333]);
  });

  it('splits shipping evenly when the lines total 0', () => {
    // 1000 / 3 = 333 r 1 each; 1 cent left → seller 2, the lowest id.
    const shares = sellerShares({ shippingCents: 1000, lines: [line(9, 0), line(2, 0), line(5, 0)] });
    expect(shares.map((share) => [share.sellerId, share.shippingShareCents])).toEqual([
      [2, 334],
      [5, 333],
      [9, 333],
    ]);
  });

  it('splits the worked example of docs/money.md: 995 of shipping over lines 4990 and 2500', () => {
    // 995 × 4990 / 7490 = 662 r 6670; 995 × 2500 / 7490 = 332 r 820; 994 whole, 1 left → seller 11.
    expect(
      sellerShares({ shippingCents: 995, lines: [line(11, 3000), line(12, 2500), line(11, 1990)] }),
    ).toEqual([
      { sellerId: 11, linesCents: 4990, shippingShareCents: 663, shareCents: 5653 },
      { sellerId: 12, linesCents: 2500, shippingShareCents: 332, shareCents: 2832 },
    ]);
  });

  it('gives each seller exactly their lines when there is no shipping', () => {
    expect(sellerShares({ shippingCents: 0, lines: [line(1, 1234)] })).toEqual([
      { sellerId: 1, linesCents: 1234, shippingShareCents: 0, shareCents: 1234 },
    ]);
  });

  it('refuses fractional, negative and empty input with a RangeError', () => {
    expect(() => sellerShares({ shippingCents: 10.5, lines: [line(1, 100)] })).toThrow(RangeError);
    expect(() => sellerShares({ shippingCents: -1, lines: [line(1, 100)] })).toThrow(RangeError);
    expect(() => sellerShares({ shippingCents: 0, lines: [line(1, -100)] })).toThrow(RangeError);
    expect(() => sellerShares({ shippingCents: 0, lines: [line(1, 99.9)] })).toThrow(RangeError);
    expect(() => sellerShares({ shippingCents: 100, lines: [] })).toThrow(RangeError);
  });
});

describe('[I16-money] [BIZ-01, BIZ-02] fees on an order, rounded half-up per order and seller', () => {
  it('rounds the service fee down below half a cent: 2.9% of 50 = 1.45 → 1', () => {
    // 50 × 29 / 1000 = 1450/1000 = 1.45 → 1; GST 10% × 1 = 0.1 → 0.
    expect(orderFees({ shareCents: 50, marketplaceLinesCents: 0 })).toEqual({
      serviceFeeCents: 1,
      commissionCents: 0,
      gstCents: 0,
    });
  });

  it('rounds the service fee up at exactly half a cent: 2.9% of 500 = 14.5 → 15, of 1500 = 43.5 → 44', () => {
    // 29c ≡ 500 (mod 1000) ⇔ c ≡ 500 (mod 1000), since 29 × 69 = 2001 ≡ 1: c = 500, 1500, …
    // 500 × 29 / 1000 = 14.5 → 15; GST 10% × 15 = 1.5 → 2 (10% of the exact 14.5 would be 1.45 → 1:
    // GST is taken on the rounded fee).
    expect(orderFees({ shareCents: 500, marketplaceLinesCents: 0 })).toEqual({
      serviceFeeCents: 15,
      commissionCents: 0,
      gstCents: 2,
    });
    // 1500 × 29 / 1000 = 43.5 → 44; GST 4.4 → 4.
    expect(orderFees({ shareCents: 1500, marketplaceLinesCents: 0 }).serviceFeeCents).toBe(44);
    // 499 × 29 / 1000 = 14.471 → 14.
    expect(orderFees({ shareCents: 499, marketplaceLinesCents: 0 }).serviceFeeCents).toBe(14);
  });

  it('rounds the commission up at exactly half a cent: 3.1% of 500 = 15.5 → 16, of 1500 = 46.5 → 47', () => {
    // 31c ≡ 500 (mod 1000) ⇔ c ≡ 500 (mod 1000), since 31 × 871 = 27001 ≡ 1.
    // Share 500, marketplace lines 500: service 14.5 → 15, commission 15.5 → 16, GST 10% × 31 = 3.1 → 3.
    expect(orderFees({ shareCents: 500, marketplaceLinesCents: 500 })).toEqual({
      serviceFeeCents: 15,
      commissionCents: 16,
      gstCents: 3,
    });
    // Share 1500, lines 1500: service 43.5 → 44, commission 46.5 → 47, GST 10% × 91 = 9.1 → 9.
    expect(orderFees({ shareCents: 1500, marketplaceLinesCents: 1500 })).toEqual({
      serviceFeeCents: 44,
      commissionCents: 47,
      gstCents: 9,
    });
  });

  it('rounds GST up at exactly half a cent: fees 15 + 0 → 1.5 → 2, fees 44 + 31 → 7.5 → 8', () => {
    // Share 1500 → 44; marketplace lines 1000 → 31 × 1000 / 1000 = 31; GST 10% × 75 = 7.5 → 8.
    expect(orderFees({ shareCents: 1500, marketplaceLinesCents: 1000 })).toEqual({
      serviceFeeCents: 44,
      commissionCents: 31,
      gstCents: 8,
    });
  });

  it('works the worked example of docs/money.md', () => {
    // Seller 11 (marketplace): share 5653 → 5653 × 29 / 1000 = 163.937 → 164;
    // lines 4990 → 4990 × 31 / 1000 = 154.69 → 155; GST 10% × 319 = 31.9 → 32.
    expect(orderFees({ shareCents: 5653, marketplaceLinesCents: 4990 })).toEqual({
      serviceFeeCents: 164,
      commissionCents: 155,
      gstCents: 32,
    });
    // Seller 12 (the affiliate seller, no commission): 2832 × 29 / 1000 = 82.128 → 82; GST 8.2 → 8.
    expect(orderFees({ shareCents: 2832, marketplaceLinesCents: 0 })).toEqual({
      serviceFeeCents: 82,
      commissionCents: 0,
      gstCents: 8,
    });
  });

  it('stays exact on large amounts (no floating point)', () => {
    // 9 007 199 254 740 991 × 29 / 1000 = 261 208 778 387 488.739 → 261 208 778 387 489.
    expect(orderFees({ shareCents: Number.MAX_SAFE_INTEGER, marketplaceLinesCents: 0 }).serviceFeeCents).toBe(
      261_208_778_387_489,
    );
  });

  it('refuses fractional or negative cents, and marketplace lines above the share', () => {
    expect(() => orderFees({ shareCents: 100.5, marketplaceLinesCents: 0 })).toThrow(RangeError);
    expect(() => orderFees({ shareCents: 100, marketplaceLinesCents: -1 })).toThrow(RangeError);
    expect(() => orderFees({ shareCents: 100, marketplaceLinesCents: 101 })).toThrow(RangeError);
  });
});

describe('[I16-money] refunds reverse the sale and commission in proportion; the service fee is kept', () => {
  // The worked example: seller 11's lines 4990, service fee 164, commission 155 (GST 32 on 319).
  const order = { saleLinesCents: 4990, serviceFeeCents: 164, commissionCents: 155 };

  it('a partial refund of 1990 of 4990 gives back 1990 of sale, 62 of commission and 6 of GST', () => {
    // Commission: 155 × 1990 / 4990 = 308450 / 4990 = 61.81 → 62.
    // GST before: 10% × (164 + 155) = 31.9 → 32; after: 10% × (164 + 155 − 62 = 257) = 25.7 → 26; 32 − 26 = 6.
    expect(refundReversal({ ...order, refundedLinesCents: 1990 })).toEqual({
      saleCents: 1990,
      commissionCents: 62,
      gstCents: 6,
    });
  });

  it('refunding the rest later gives back the remaining 93 of commission, never more in total', () => {
    // Commission over both: 155 × 4990 / 4990 = 155; already given back 62; 155 − 62 = 93.
    // GST: before 26 (on 257); after 10% × 164 = 16.4 → 16; 26 − 16 = 10. Total GST back 6 + 10 = 16,
    // leaving 32 − 16 = 16 = 10% of the kept service fee 164, rounded.
    expect(
      refundReversal({
        ...order,
        refundedLinesCents: 3000,
        refundedShippingCents: 663,
        previouslyRefundedLinesCents: 1990,
      }),
    ).toEqual({ saleCents: 3663, commissionCents: 93, gstCents: 10 });
  });

  it('two half refunds at exactly half a cent give back the commission once, not twice rounded up', () => {
    // Lines 100: commission 3.1% × 100 = 3.1 → 3; service fee 2.9% × 100 = 2.9 → 3; GST 10% × 6 = 0.6 → 1.
    // First 50: 3 × 50 / 100 = 1.5 → 2. GST 10% × 6 = 1 before, 10% × 4 = 0.4 → 0 after: 1 back.
    const small = { saleLinesCents: 100, serviceFeeCents: 3, commissionCents: 3 };
    expect(refundReversal({ ...small, refundedLinesCents: 50 })).toEqual({
      saleCents: 50,
      commissionCents: 2,
      gstCents: 1,
    });
    // Second 50: 3 × 100 / 100 = 3, less the 2 given back = 1 (rounding each half alone would give 2 + 2 = 4).
    // GST: 10% × 4 = 0 before, 10% × 3 = 0.3 → 0 after: 0 back.
    expect(refundReversal({ ...small, refundedLinesCents: 50, previouslyRefundedLinesCents: 50 })).toEqual({
      saleCents: 50,
      commissionCents: 1,
      gstCents: 0,
    });
  });

  it('an affiliate seller’s refund gives back the sale only', () => {
    // Seller 12: no commission; GST 10% × 82 = 8 before and after: 0 back.
    expect(
      refundReversal({
        saleLinesCents: 2500,
        serviceFeeCents: 82,
        commissionCents: 0,
        refundedLinesCents: 2500,
      }),
    ).toEqual({ saleCents: 2500, commissionCents: 0, gstCents: 0 });
  });

  it('refuses refunding more lines than were sold, and bad cents', () => {
    expect(() =>
      refundReversal({ ...order, refundedLinesCents: 3001, previouslyRefundedLinesCents: 1990 }),
    ).toThrow(RangeError);
    expect(() => refundReversal({ ...order, refundedLinesCents: 10.5 })).toThrow(RangeError);
    expect(() => refundReversal({ ...order, refundedLinesCents: -10 })).toThrow(RangeError);
  });
});

describe('[I16-money] [BIZ-06] chargebacks within 3 calendar months of the order, Sydney time', () => {
  it('an order on 30 November 2026 10:00 AEDT may be charged back until 28 February 2027 10:00 AEDT', () => {
    const orderedAt = at('2026-11-29T23:00:00.000Z'); // 30 Nov 2026 10:00 AEDT
    // 30 November + 3 months = 30 February, which does not exist: the last day of February.
    expect(chargebackDeadline(orderedAt)).toEqual(at('2027-02-27T23:00:00.000Z'));
    expect(chargebackAllowed(orderedAt, at('2027-02-27T23:00:00.000Z'))).toBe(true);
    expect(chargebackAllowed(orderedAt, at('2027-02-27T23:00:00.001Z'))).toBe(false);
  });

  it('counts calendar months across the April change: 15 January 09:00 AEDT → 15 April 09:00 AEST', () => {
    const orderedAt = at('2027-01-14T22:00:00.000Z'); // 15 Jan 2027 09:00 AEDT (UTC+11)
    expect(chargebackDeadline(orderedAt)).toEqual(at('2027-04-14T23:00:00.000Z')); // 09:00 AEST (UTC+10)
  });

  it('reverses like a refund when allowed, and reverses nothing after the deadline', () => {
    const input = {
      saleLinesCents: 4990,
      serviceFeeCents: 164,
      commissionCents: 155,
      refundedLinesCents: 4990,
      refundedShippingCents: 663,
      orderedAt: at('2026-11-29T23:00:00.000Z'),
    };
    // Full chargeback: sale 4990 + 663 = 5653; commission 155; GST 32 − 10% × 164 (16) = 16.
    expect(chargebackReversal({ ...input, at: at('2027-01-10T00:00:00.000Z') })).toEqual({
      allowed: true,
      reversal: { saleCents: 5653, commissionCents: 155, gstCents: 16 },
    });
    expect(chargebackReversal({ ...input, at: at('2027-03-01T00:00:00.000Z') })).toEqual({
      allowed: false,
      deadline: at('2027-02-27T23:00:00.000Z'),
    });
  });
});

describe('[I16-money] [BIZ-03] weeks end on Monday at 11:59:59.999 Australia/Sydney', () => {
  it('in AEDT (UTC+11): 11:59:59.999 on Monday 30 November 2026 closes the week, 12:00 opens the next', () => {
    // 11:59:59.999 AEDT = 00:59:59.999Z; 12:00:00.000 AEDT = 01:00:00.000Z.
    expect(weekOf(at('2026-11-30T00:59:59.999Z'))).toEqual({
      start: at('2026-11-23T01:00:00.000Z'),
      end: at('2026-11-30T00:59:59.999Z'),
      endsOn: '2026-11-30',
    });
    expect(weekOf(at('2026-11-30T01:00:00.000Z'))).toEqual({
      start: at('2026-11-30T01:00:00.000Z'),
      end: at('2026-12-07T00:59:59.999Z'),
      endsOn: '2026-12-07',
    });
  });

  it('in AEST (UTC+10): the same edges on Monday 6 July 2026 are 01:59:59.999Z and 02:00:00.000Z', () => {
    expect(weekOf(at('2026-07-06T01:59:59.999Z')).endsOn).toBe('2026-07-06');
    expect(weekOf(at('2026-07-06T02:00:00.000Z')).endsOn).toBe('2026-07-13');
    // A Sunday evening and a Tuesday morning belong to the week ending on the next Monday.
    expect(weekOf(at('2026-07-05T10:00:00.000Z')).endsOn).toBe('2026-07-06'); // Sun 20:00 AEST
    expect(weekOf(at('2026-07-06T22:00:00.000Z')).endsOn).toBe('2026-07-13'); // Tue 08:00 AEST
  });

  it('the week over the first Sunday of October 2026 is 7 wall-clock days, 167 hours', () => {
    // Mon 28 Sep 12:00 AEST = 02:00Z … Mon 5 Oct 11:59:59.999 AEDT = 00:59:59.999Z.
    const week = weekEndingOn('2026-10-05');
    expect(week).toEqual({
      start: at('2026-09-28T02:00:00.000Z'),
      end: at('2026-10-05T00:59:59.999Z'),
      endsOn: '2026-10-05',
    });
    expect(week.end.getTime() + 1 - week.start.getTime()).toBe(167 * HOUR);
    expect(weekOf(at('2026-10-05T00:59:59.999Z')).endsOn).toBe('2026-10-05');
    expect(weekOf(at('2026-10-05T01:00:00.000Z')).endsOn).toBe('2026-10-12');
    // 03:30 AEDT on Sunday 4 October, just after the clocks went forward.
    expect(weekOf(at('2026-10-03T16:30:00.000Z')).endsOn).toBe('2026-10-05');
  });

  it('the week over the first Sunday of April 2027 is 7 wall-clock days, 169 hours', () => {
    // Mon 29 Mar 12:00 AEDT = 01:00Z … Mon 5 Apr 11:59:59.999 AEST = 01:59:59.999Z.
    const week = weekEndingOn('2027-04-05');
    expect(week).toEqual({
      start: at('2027-03-29T01:00:00.000Z'),
      end: at('2027-04-05T01:59:59.999Z'),
      endsOn: '2027-04-05',
    });
    expect(week.end.getTime() + 1 - week.start.getTime()).toBe(169 * HOUR);
    // 11:59:59.999 AEST belongs to it; 12:00:00.000 AEST starts the next.
    expect(weekOf(at('2027-04-05T01:59:59.999Z')).endsOn).toBe('2027-04-05');
    expect(weekOf(at('2027-04-05T02:00:00.000Z')).endsOn).toBe('2027-04-12');
    // 01:00Z on 5 April is 11:00 AEST, still inside the week (under AEDT it would have been noon).
    expect(weekOf(at('2027-04-05T01:00:00.000Z')).endsOn).toBe('2027-04-05');
    // 02:30 shows twice on Sunday 4 April (AEDT then AEST): both readings are in the same week.
    expect(weekOf(at('2027-04-03T15:30:00.000Z')).endsOn).toBe('2027-04-05');
    expect(weekOf(at('2027-04-03T16:30:00.000Z')).endsOn).toBe('2027-04-05');
  });

  it('weeks follow one another without a gap', () => {
    const first = weekEndingOn('2026-10-05');
    const next = weekOf(new Date(first.end.getTime() + 1));
    expect(next.start.getTime()).toBe(first.end.getTime() + 1);
  });

  it('refuses a week ending on a day other than Monday, and a malformed date', () => {
    expect(() => weekEndingOn('2026-10-04')).toThrow(RangeError);
    expect(() => weekEndingOn('2026-02-30')).toThrow(RangeError);
    expect(() => weekOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('[I16-money] [BIZ-04] remittance 2 business days after the week, skipping weekends and NSW public holidays', () => {
  it('an ordinary week ending Monday 30 November 2026 is remitted on Wednesday 2 December', () => {
    // Tue 1 Dec (1), Wed 2 Dec (2).
    expect(remittanceDate(weekEndingOn('2026-11-30').end)).toBe('2026-12-02');
  });

  it('Australia Day on Tuesday 26 January 2027 moves the remittance to Thursday 28 January', () => {
    // Week ends Mon 25 Jan; Tue 26 holiday, Wed 27 (1), Thu 28 (2).
    expect(isNswPublicHoliday('2027-01-26')).toBe(true);
    expect(remittanceDate(weekEndingOn('2027-01-25').end)).toBe('2027-01-28');
  });

  it('Christmas 2026: Boxing Day on a Saturday gives NSW Monday 28 December off; that week pays Wed 30th', () => {
    expect(isNswPublicHoliday('2026-12-25')).toBe(true); // Friday
    expect(isNswPublicHoliday('2026-12-26')).toBe(true); // Saturday
    expect(isNswPublicHoliday('2026-12-28')).toBe(true); // Monday, substitute for Boxing Day
    expect(isBusinessDay('2026-12-28')).toBe(false);
    // Week ending Mon 21 Dec: Tue 22 (1), Wed 23 (2).
    expect(remittanceDate(weekEndingOn('2026-12-21').end)).toBe('2026-12-23');
    // Week ending Mon 28 Dec (a holiday itself, not counted): Tue 29 (1), Wed 30 (2).
    expect(remittanceDate(weekEndingOn('2026-12-28').end)).toBe('2026-12-30');
    // Counting from Thursday 24 Dec: Fri 25, Sat 26, Sun 27, Mon 28 skipped; Tue 29 (1), Wed 30 (2).
    expect(addBusinessDays('2026-12-24', 2)).toBe('2026-12-30');
  });

  it('Easter 2027: Good Friday 26 and Easter Monday 29 March are skipped', () => {
    expect(isNswPublicHoliday('2027-03-26')).toBe(true);
    expect(isNswPublicHoliday('2027-03-29')).toBe(true);
    // The week ending on Easter Monday: Tue 30 (1), Wed 31 (2).
    expect(remittanceDate(weekEndingOn('2027-03-29').end)).toBe('2027-03-31');
    // From Thursday 25 March: Fri 26, Sat 27, Sun 28, Mon 29 skipped; Tue 30 (1), Wed 31 (2).
    expect(addBusinessDays('2027-03-25', 2)).toBe('2027-03-31');
  });

  it('counts public holidays only: the NSW Bank Holiday (Monday 3 August 2026) is a business day', () => {
    expect(isNswPublicHoliday('2026-08-03')).toBe(false);
    expect(isBusinessDay('2026-08-03')).toBe(true);
    // From Friday 31 July: Mon 3 Aug (1), Tue 4 Aug (2).
    expect(addBusinessDays('2026-07-31', 2)).toBe('2026-08-04');
  });
});

describe('[I16-money] [BIZ-05] the monthly tax invoice is issued on the first business day after month end', () => {
  it('December 2026 → Monday 4 January 2027 (1 January is a holiday, then a weekend)', () => {
    expect(isNswPublicHoliday('2027-01-01')).toBe(true);
    expect(invoiceIssueDate('2026-12')).toBe('2027-01-04'); // 4 days after month end, within 14
  });

  it('November 2026 → Tuesday 1 December 2026', () => {
    expect(invoiceIssueDate('2026-11')).toBe('2026-12-01');
  });

  it('July 2027 → Monday 2 August 2027: the NSW Bank Holiday is not a public holiday', () => {
    // Saturday 31 July, Sunday 1 August, Monday 2 August (type 'bank' in date-holidays, counted).
    expect(invoiceIssueDate('2027-07')).toBe('2027-08-02');
  });

  it('refuses a malformed month', () => {
    expect(() => invoiceIssueDate('2026-13')).toThrow(RangeError);
  });
});

describe('[I16-money] a negative week carries forward into the next payable', () => {
  it('pays nothing in a negative week and takes the debt off the next weeks', () => {
    // +100.00 paid; −25.00 carried; 15.00 − 25.00 = −10.00 carried; 40.00 − 10.00 = 30.00 paid.
    expect(carryForward([10000, -2500, 1500, 4000])).toEqual([
      { netCents: 10000, broughtForwardCents: 0, payableCents: 10000, carriedForwardCents: 0 },
      { netCents: -2500, broughtForwardCents: 0, payableCents: 0, carriedForwardCents: -2500 },
      { netCents: 1500, broughtForwardCents: -2500, payableCents: 0, carriedForwardCents: -1000 },
      { netCents: 4000, broughtForwardCents: -1000, payableCents: 3000, carriedForwardCents: 0 },
    ]);
  });

  it('starts from a balance brought from earlier statements', () => {
    // −5.00 brought; 5.00 − 5.00 = 0 paid, nothing carried.
    expect(carryForward([500], -500)).toEqual([
      { netCents: 500, broughtForwardCents: -500, payableCents: 0, carriedForwardCents: 0 },
    ]);
  });

  it('refuses fractional cents and a positive balance brought forward', () => {
    expect(() => carryForward([10.5])).toThrow(RangeError);
    expect(() => carryForward([100], 1)).toThrow(RangeError);
  });
});
