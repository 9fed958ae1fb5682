import { describe, expect, it } from 'vitest';
import { type AbaSettings, abaFile, parseAbaFile } from './aba-file.ts';

// [I16-payouts] The ABA file on its own: every amount survives aba-generator's dollars round trip, the
// records are 120 characters, and the reader refuses what is not an ABA file.

const settings: AbaSettings = {
  bankCode: 'WBC',
  userId: '123456',
  userName: 'TEST OPERATOR',
  remitterBsb: '032-000',
  remitterAccount: '987654',
  remitterName: 'TEST OP',
};

const payment = (amountCents: number, index: number) => ({
  bsb: '062000',
  accountNumber: String(10_000 + index),
  accountName: `Seller ${index}`,
  amountCents,
  reference: `STMT ${index}`,
});

describe('ABA file', () => {
  it('[I16-payouts] writes and reads back awkward amounts exactly (floats never touch the figures)', () => {
    // Amounts whose dollars are not exact in binary floating point: 0.01, 0.29, 10.05, 1234567.89 …
    const amounts = [1, 29, 57, 1005, 4_999, 19_99, 100_000, 123_456_789, 9_876_543_210];
    expect(() => abaFile(settings, '2026-12-24', amounts.map(payment))).toThrow(/total too much/);
    const text = abaFile(settings, '2026-12-24', amounts.slice(0, 8).map(payment));
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = parseAbaFile(text);
    expect(parsed.header).toMatchObject({ bank: 'WBC', userId: '123456', date: '241226' });
    expect(parsed.credits.map((credit) => credit.amountCents)).toEqual(amounts.slice(0, 8));
    expect(parsed.credits.map((credit) => credit.bsb)).toEqual(amounts.slice(0, 8).map(() => '062-000'));
    expect(parsed.credits[3]).toMatchObject({
      accountNumber: '10003',
      accountName: 'SELLER 3',
      reference: 'STMT 3',
    });
    // Σ = 1 + 29 + 57 + 1005 + 4999 + 1999 = 8090; + 100000 = 108090; + 123456789 = 123564879;
    //   + 9876543210 = 10000108089: over the 10-digit total field, so that file is refused; the first eight make one.
    const sum = amounts.slice(0, 8).reduce((a, b) => a + b, 0);
    expect(sum).toBe(123_564_879);
    expect(parsed.totals).toEqual({ netCents: sum, creditCents: sum, debitCents: 0, count: 8 });
    // The largest single payment the field holds still round-trips.
    const largest = parseAbaFile(abaFile(settings, '2026-12-24', [payment(9_876_543_210, 0)]));
    expect(largest.credits[0]?.amountCents).toBe(9_876_543_210);
  });

  it('[I16-payouts] refuses no payments, a non-positive amount, and a malformed file', () => {
    expect(() => abaFile(settings, '2026-12-24', [])).toThrow(/at least one/);
    expect(() =>
      abaFile(settings, '2026-12-24', [
        { bsb: '062-000', accountNumber: '12345', accountName: 'X', amountCents: 0, reference: '' },
      ]),
    ).toThrow(/positive/);
    expect(() => parseAbaFile('0short\r\n')).toThrow(/120/);
    expect(() => parseAbaFile(`${'9'.padEnd(120, ' ')}\r\n`)).toThrow(/Unknown record type/);
  });
});
