// SPEC.md §5 "Mobile popup": send a code to a mobile, then confirm the code.

import { z } from 'zod';
import { text } from './api/common.ts';
import { OTP_LENGTH } from './constants.ts';
import { MSG } from './messages.ts';
import { hasMobileCharacters, isAuMobile } from './mobile.ts';
import type { FieldErrors } from './wire.ts';

export type MobilePopupField = 'mobile' | 'code';

/** [VAL-01] Non-empty, digits with an optional leading plus, and an Australian mobile. */
export function validateMobileField(mobile: string | null | undefined): string | undefined {
  if (typeof mobile !== 'string' || !hasMobileCharacters(mobile) || !isAuMobile(mobile))
    return MSG.validMobile;
  return undefined;
}

/** The send step: the mobile only. */
export function validateSendCode(input: { mobile?: string | null }): FieldErrors<'mobile'> {
  const mobile = validateMobileField(input.mobile);
  return mobile ? { mobile } : {};
}

export interface ConfirmCodeOptions {
  /**
   * The popup only asks for a non-empty code ([VAL-02]); the server also wants exactly the 6 digits
   * it sent, and answers the same message otherwise.
   */
  requireFullCode?: boolean;
}

const digitsOnly = (code: string): string => code.replace(/\s+/g, '');

/** True for a code of exactly OTP_LENGTH digits (spaces between them allowed). */
export function isOtpCode(code: string | null | undefined): boolean {
  return typeof code === 'string' && new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digitsOnly(code));
}

/** The confirm step: the mobile again, and the code. */
export function validateConfirmCode(
  input: { mobile?: string | null; code?: string | null },
  options: ConfirmCodeOptions = {},
): FieldErrors<MobilePopupField> {
  const errors: FieldErrors<MobilePopupField> = validateSendCode(input);
  const code = input.code;
  if (typeof code !== 'string' || code.trim() === '')
    errors.code = MSG.validCode; // [VAL-02]
  else if (options.requireFullCode && !isOtpCode(code)) errors.code = MSG.validCode;
  return errors;
}

/** The code as the server compares it: digits only. */
export function normaliseOtpCode(code: string): string {
  return digitsOnly(code);
}

/** POST {ns}/sendmobilecode. `r_token` is checked by the bot check, which answers 400 without one. */
export const sendMobileCodeBodySchema = z.object({
  mobile: text(40),
  r_token: text(4000).optional(),
});
export type SendMobileCodeBody = z.infer<typeof sendMobileCodeBodySchema>;

/** POST {ns}/confirmmobilecode. */
export const confirmMobileCodeBodySchema = z.object({
  mobile: text(40),
  code: text(20),
  expired: z.boolean().optional(),
  expired_jwt: text(4000).nullish(),
  r_token: text(4000).optional(),
});
export type ConfirmMobileCodeBody = z.infer<typeof confirmMobileCodeBodySchema>;
