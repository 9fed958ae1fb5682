import { MSG } from '@quokka/contract/messages';
import { parseAuMobile } from '@quokka/contract/mobile';
import { normaliseOtpCode } from '@quokka/contract/validate-mobile-popup';
import { toInputValidation } from '@quokka/contract/wire';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { InputValidationError, TooManyRequestsError } from '../../domain/errors.ts';
import type { SmsBudget } from '../../http/sms-budget.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import type { OneTimeCodes } from '../auth/one-time-codes.ts';
import { recordShopperMessage } from '../messages/shopper-messages.ts';

// [I15-code-sign-in] A member of staff signs in with their mobile and a one-time code: the shoppers' code
// machinery (auth/one-time-codes.ts: cryptographic code, stored as a keyed hash, 10 minutes, one use,
// 5 wrong tries, send and guessing limits) and the shop-wide SMS budget. Staff codes live in their own
// slot, `staff:<mobile>`: a shopper's code never opens the back office, and a staff send never replaces a
// shopper's code (nor spends its limits).
//
// No enumeration: an unknown mobile gets the same checks, the same stored code and the same answer as a
// member's; only the text message is not sent (nobody is billed to text strangers), and a confirm for it
// fails as a wrong code does.
//
// [I28-outbox] A code that is sent is recorded in `sent_messages` as the shoppers' codes are
// (auth-service.ts sendCode, through recordShopperMessage): its purpose, number and the provider's id for
// the status callbacks, never its text, so the code is never stored in clear.

/** The sent_messages purpose of a back-office sign-in code (a shopper's is auth's 'sign_in_code'). */
export const STAFF_SIGN_IN_CODE_PURPOSE = 'staff_sign_in_code';

export interface StaffCodeDeps {
  db: Db;
  clock: Clock;
  codes: OneTimeCodes;
  messaging: MessagingProvider;
  smsBudget: SmsBudget;
  storeName: string;
  findLiveStaffId(mobile: string): Promise<number | undefined>;
  showCode?: ((mobile: string, code: string) => void) | undefined;
}

const SMS_BUDGET_SPENT = 'We cannot send codes just now. Please try again in a few minutes.';
const slotOf = (mobile: string) => `staff:${mobile}`;
const invalidMobile = () => new InputValidationError(toInputValidation({ mobile: MSG.validMobile }));
const wrongCode = () => new InputValidationError(toInputValidation({ code: MSG.validCode }));

export function staffCodeMessage(storeName: string, code: string): string {
  return `${code} is your ${storeName} back-office sign-in code. It expires in 10 minutes. Never share it with anyone.`;
}

export function createStaffCodeSignIn(deps: StaffCodeDeps) {
  return {
    async send(input: { mobile?: unknown }, clientAddress: string): Promise<void> {
      const mobile = parseAuMobile(typeof input.mobile === 'string' ? input.mobile : null);
      if (!mobile) throw invalidMobile();
      const code = await deps.codes.issue(slotOf(mobile), clientAddress);
      if ((await deps.findLiveStaffId(mobile)) === undefined) return;
      if (!deps.smsBudget.take(mobile)) throw new TooManyRequestsError(SMS_BUDGET_SPENT, 15 * 60);
      const sent = await deps.messaging.sendSms(mobile, staffCodeMessage(deps.storeName, code));
      await recordShopperMessage(
        deps.db,
        deps.messaging,
        {
          to: mobile,
          kind: 'sms',
          purpose: STAFF_SIGN_IN_CODE_PURPOSE,
          providerMessageId: sent.providerMessageId,
        },
        deps.clock.now(),
      );
      deps.showCode?.(mobile, code);
    },

    /** The live member whose code this is; every other outcome is 'wrong code' or a 429. */
    async confirm(input: { mobile?: unknown; code?: unknown }, clientAddress: string): Promise<number> {
      const mobile = parseAuMobile(typeof input.mobile === 'string' ? input.mobile : null);
      if (!mobile) throw invalidMobile();
      const code = typeof input.code === 'string' ? normaliseOtpCode(input.code) : '';
      if (!/^\d{6}$/.test(code)) throw wrongCode();
      if (!(await deps.codes.check(slotOf(mobile), code, clientAddress))) throw wrongCode();
      // Removed since the code was sent: as good as a wrong code.
      const staffId = await deps.findLiveStaffId(mobile);
      if (staffId === undefined) throw wrongCode();
      return staffId;
    },
  };
}
