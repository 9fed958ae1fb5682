import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { registerBackOfficeOpenApi } from '../../http/openapi-back-office.ts';
import type { SmsBudget } from '../../http/sms-budget.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import { createOneTimeCodes } from '../auth/one-time-codes.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { createStaffCodeSignIn } from './staff-code-sign-in.ts';
import { staffGuardsBeforeValidation } from './staff-guards.ts';
import { createPasskeyNotices } from './staff-notices.ts';
import { createStaffPasskeys, relyingPartyOf } from './staff-passkeys.ts';
import { staffRoutes } from './staff-routes.ts';
import { createStaffSessions, type StaffSessions } from './staff-sessions.ts';

// The back office's server side: its services (createStaffServices, built in services.ts with the
// shoppers' code key and the shop-wide SMS budget) and its routes, registered under /admin/api by app.ts.

export const STAFF_API_PREFIX = '/admin/api';

export interface BackOfficeDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /** The staff module's services (createStaffServices, built in services.ts). */
  staff: StaffServices;
  /** The outbox's sender (services.ts): the passkey notices go through it. */
  outbox: Pick<OutboxSender, 'sendNow'>;
  /** Other modules' back-office routes (e.g. modules/orders), registered under /admin/api with the sessions. */
  routes?: BackOfficeRoutes[];
}

/** A module's back-office routes, given the staff sessions their guards (staff-guards.ts) check. */
export type BackOfficeRoutes = (staff: {
  sessions: StaffSessions;
}) => (app: FastifyInstance) => Promise<void>;

/** What the staff services need: the shoppers' code key and SMS budget are shared (services.ts). */
export interface StaffServicesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  messaging: MessagingProvider;
  smsBudget: SmsBudget;
  codeKey: Buffer;
  log: { info(message: string): void };
}

/** The staff module's services, built once by services.ts: code sign-in, sessions, passkeys, notices. */
export function createStaffServices(deps: StaffServicesDeps) {
  const { config, db, clock } = deps;
  const codes = createStaffCodeSignIn({
    db,
    clock,
    codes: createOneTimeCodes({
      db,
      clock,
      codeKey: deps.codeKey,
      limits: {
        intervalSeconds: config.OTP_SEND_INTERVAL_S,
        perNumberPerHour: config.OTP_SENDS_PER_NUMBER_PER_HOUR,
        perAddressPerHour: config.OTP_SENDS_PER_ADDRESS_PER_HOUR,
        guessing: {
          failuresPerNumberPerDay: config.OTP_FAILED_CONFIRMS_PER_NUMBER_PER_DAY,
          cooldownSeconds: config.OTP_FAILED_CONFIRMS_COOLDOWN_S,
          failuresPerAddressPerHour: config.OTP_FAILED_CONFIRMS_PER_ADDRESS_PER_HOUR,
        },
      },
    }),
    messaging: deps.messaging,
    smsBudget: deps.smsBudget,
    storeName: config.STORE_NAME,
    findLiveStaffId: async (mobile) =>
      (
        await db
          .selectFrom('staff')
          .select('id')
          .where('mobile', '=', mobile)
          .where('removed_at', 'is', null)
          .executeTakeFirst()
      )?.id,
    // As the shoppers' codes: shown in the log in sandbox mode, never in production.
    showCode:
      config.providers.messaging === 'sandbox' && config.NODE_ENV !== 'production'
        ? (mobile, code) => deps.log.info(`sandbox staff code for ${mobile}: ${code}`)
        : undefined,
  });
  const sessions = createStaffSessions({
    db,
    clock,
    times: { idleMinutes: config.STAFF_SESSION_IDLE_MINUTES, maxHours: config.STAFF_SESSION_MAX_HOURS },
  });
  const passkeys = createStaffPasskeys({ db, clock, rp: relyingPartyOf(config) });
  const notices = createPasskeyNotices({ clock, storeName: config.STORE_NAME });
  return { codes, sessions, passkeys, notices };
}

export type StaffServices = ReturnType<typeof createStaffServices>;

export async function registerBackOffice(app: FastifyInstance, deps: BackOfficeDeps): Promise<void> {
  const { config, db, clock } = deps;
  const { codes, sessions, passkeys, notices } = deps.staff;
  // [I27-guards] One scope for every back-office route, whose onRoute hook runs the staff guards before
  // body validation (staff-guards.ts).
  await app.register(async (scope) => {
    scope.addHook('onRoute', staffGuardsBeforeValidation);
    // The back office's own OpenAPI document and reference page (http/openapi-back-office.ts).
    await registerBackOfficeOpenApi(scope);
    await scope.register(
      staffRoutes({
        db,
        clock,
        codes,
        sessions,
        passkeys,
        notices,
        outbox: deps.outbox,
        alwaysTls: config.PUBLIC_URL?.startsWith('https:') ?? false,
      }),
      { prefix: STAFF_API_PREFIX },
    );
    for (const routes of deps.routes ?? [])
      await scope.register(routes({ sessions }), { prefix: STAFF_API_PREFIX });
  });
}
