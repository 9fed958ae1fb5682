import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// [I12-1] The shop-wide SMS budget guards the code sends themselves: numbers and addresses that each stay
// well inside their own limits still cannot run up more texts an hour than the operator allows.

const ns = '/rest/default/V1/storefront';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SMS_SENDS_PER_HOUR: '5', SMS_SENDS_PER_PREFIX_PER_HOUR: '3' });
});
afterAll(() => t.close());

const send = (mobile: string, from: string) =>
  t.app.inject({
    method: 'POST',
    url: `${ns}/sendmobilecode`,
    payload: { mobile, r_token: 'sandbox-token' },
    remoteAddress: from,
  });

const texted = async () => (await t.app.inject('/dev/messages.json')).json().length as number;

describe('the SMS budget on code sends [I12-1]', () => {
  it('[I12-1] refuses a send past the per-range budget and the hourly budget, from fresh numbers and fresh addresses, and texts nothing more', async () => {
    const before = await texted();
    // One range (+61413 12…): three texts, then the range is spent.
    const range = ['0413 120 001', '0413 120 002', '0413 120 003', '0413 120 004'];
    const ranged = [];
    for (const [index, mobile] of range.entries())
      ranged.push((await send(mobile, `10.9.0.${index + 1}`)).statusCode);
    expect(ranged).toEqual([200, 200, 200, 429]);
    // Other ranges: two more make five in the hour; the sixth is refused wherever it goes.
    const others = [];
    for (const [index, mobile] of ['0422 000 001', '0433 000 001', '0444 000 001'].entries())
      others.push(await send(mobile, `10.9.1.${index + 1}`));
    expect(others.map((reply) => reply.statusCode)).toEqual([200, 200, 429]);
    expect(others[2]?.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(others[2]?.headers['retry-after']).toBeDefined();
    expect((await texted()) - before).toBe(5);
  });
});
