import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { addToCart, aShopper, placeOrder, type Shopper, saveShipping } from '../../../test/cart-factory.ts';
import { aSeller, aSimpleProduct, importTestCatalogue } from '../../../test/catalog-factory.ts';
import { aMobile, type MemberOverrides, TEST_AUTH_SECRET } from '../../../test/customer-factory.ts';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createStaffAccounts, type StaffMember } from '../../staff/staff-accounts.ts';

// Test support for the orders back office (orders-*.test.ts): the real app on a fresh PGlite, a small
// catalogue of two sellers, shoppers placing real orders through checkout, and staff signed in with a
// code and a software passkey, exactly as staff-routes.test.ts does.

export const ORIGIN = 'https://shop.example';
export const RP_ID = 'shop.example';

/** MUG-1 $19.95 and CUP-3 $10.00 (Harbour Goods), BOWL-1 $7.50 (Outback Outfitters). */
export async function ordersTestApp(settings: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN, ...settings });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    products: [
      aSimpleProduct('MUG-1', { price: 19.95, qty: 1000 }),
      aSimpleProduct('CUP-3', { price: 10, qty: 1000 }),
      aSimpleProduct('BOWL-1', { price: 7.5, qty: 1000, seller: 'outback-outfitters' }),
    ],
  });
  return t;
}

export async function sellerId(t: TestApp, url: string): Promise<number> {
  return (
    await t.db.selectFrom('sellers').select('id').where('seller_url', '=', url).executeTakeFirstOrThrow()
  ).id;
}

export interface Session {
  cookie: string;
  csrf: string;
  member: StaffMember;
  authenticator: SoftwareAuthenticator;
}

export function adminCall(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  session?: { cookie?: string; csrf?: string },
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/admin/api${path}`,
    headers: {
      ...headers,
      ...(session?.cookie ? { cookie: session.cookie } : {}),
      ...(session?.csrf ? { 'x-csrf-token': session.csrf } : {}),
    },
    ...(method === 'POST' ? { payload: (payload ?? {}) as object } : {}),
  });
}

function cookieOf(reply: LightMyRequestResponse): string {
  const value = /^quokka_staff=([^;]*)/.exec(String(reply.headers['set-cookie'] ?? ''))?.[1];
  if (!value) throw new Error(`no staff cookie in ${reply.statusCode} ${reply.body}`);
  return `quokka_staff=${value}`;
}

export async function outbox(t: TestApp, mobile: string): Promise<string[]> {
  const reply = await t.app.inject('/dev/messages.json');
  return (reply.json() as { to: string; body: string }[]).filter((m) => m.to === mobile).map((m) => m.body);
}

/** A member of staff signed in with a code, with a passkey added: a full session, passkey fresh. */
export async function signedIn(
  t: TestApp,
  role: 'operator' | 'vendor',
  options: { name?: string; sellerUrl?: string } = {},
): Promise<Session> {
  const accounts = createStaffAccounts({
    db: t.db,
    clock: t.clock,
    findSellerId: async (url) =>
      (await t.db.selectFrom('sellers').select('id').where('seller_url', '=', url).executeTakeFirst())?.id,
  });
  const member = await accounts.add({
    mobile: aMobile(),
    name: options.name ?? (role === 'operator' ? 'Jo Operator' : 'Sam Seller'),
    role,
    ...(role === 'vendor' ? { sellerUrl: options.sellerUrl ?? 'harbour-goods' } : {}),
  });
  t.clock.advance(31_000);
  expect((await adminCall(t, 'POST', '/sign-in/code', undefined, { mobile: member.mobile })).statusCode).toBe(
    200,
  );
  const code = /\b(\d{6})\b/.exec((await outbox(t, member.mobile))[0] ?? '')?.[1];
  const confirmed = await adminCall(t, 'POST', '/sign-in/code/confirm', undefined, {
    mobile: member.mobile,
    code,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const session = { cookie: cookieOf(confirmed), csrf: confirmed.json().csrf_token as string };
  const authenticator = new SoftwareAuthenticator({ rpId: RP_ID, origin: ORIGIN });
  const options2 = await adminCall(t, 'POST', '/passkeys/options', session);
  const added = await adminCall(t, 'POST', '/passkeys', session, {
    response: authenticator.register(options2.json()),
  });
  expect(added.statusCode, added.body).toBe(200);
  return { ...session, member, authenticator };
}

/** Checks the passkey again (POST /step-up), making the session's check fresh. */
export async function stepUp(t: TestApp, session: Session): Promise<void> {
  const options = await adminCall(t, 'POST', '/step-up/options', session);
  const checked = await adminCall(t, 'POST', '/step-up', session, {
    response: session.authenticator.authenticate(options.json()),
  });
  expect(checked.statusCode, checked.body).toBe(200);
}

export interface PlacedOrder {
  id: number;
  incrementId: string;
  shopper: Shopper;
}

/**
 * A real order through checkout (flat-rate shipping $9.95). Until the review branch lands, checkout
 * approves and captures at once, and does not yet copy the member's mobile onto the order: the kit fills
 * orders.customer_mobile as migration 0014 does for older orders.
 */
export async function anOrder(
  t: TestApp,
  lines: [sku: string, qty: number][],
  member: MemberOverrides = {},
): Promise<PlacedOrder> {
  const shopper = await aShopper(t, member);
  for (const [sku, qty] of lines) expect((await addToCart(t.app, shopper, sku, qty)).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  const placed = await placeOrder(t.app, shopper);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const id = Number(placed.body);
  await t.db
    .updateTable('orders')
    .set({ customer_mobile: shopper.mobile })
    .where('id', '=', id)
    .where('customer_mobile', 'is', null)
    .execute();
  const row = await t.db
    .selectFrom('orders')
    .select('increment_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, incrementId: row.increment_id, shopper };
}

/** Moves an order's placing time (created_at is never updated by the app, so its column type refuses it). */
export async function setPlacedAt(t: TestApp, orderId: number, at: Date, set: { status?: string } = {}) {
  await sql`update orders set created_at = ${at}::timestamptz, status = coalesce(${set.status ?? null}, status) where id = ${orderId}`.execute(
    t.db,
  );
}
