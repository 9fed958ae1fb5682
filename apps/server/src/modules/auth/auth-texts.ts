import { BOT_CHECK_FAILED } from '../../providers/captcha/bot-check.ts';

// Texts the sign-in and registration calls answer with that SPEC.md does not give (its own texts live in
// @quokka/contract/messages). The web app shows them as the server sends them.

/** The text message that carries a code. `host` adds the WebOTP line, so phones can fill the code in. */
export function codeMessage(storeName: string, code: string, host?: string): string {
  const text = `${code} is your ${storeName} sign-in code. It expires in 10 minutes. Never share it with anyone.`;
  return host ? `${text}\n\n@${host} #${code}` : text;
}

/** "30 seconds", "1 minute", "12 minutes". */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const TEXT = {
  waitBeforeResend: (wait: string) => `A code was just sent. Please wait ${wait} before asking for another.`,
  tooManyForNumber: (wait: string) => `Too many codes were sent to this mobile. Please try again in ${wait}.`,
  tooManyFromAddress: (wait: string) =>
    `Too many codes were requested from your network. Please try again in ${wait}.`,
  tooManyWrongCodes: (wait: string) =>
    `Too many wrong codes were entered for this mobile. Please ask for a new code in ${wait}.`,
  tooManyWrongCodesFromAddress: (wait: string) =>
    `Too many wrong codes were entered from your network. Please try again in ${wait}.`,
  botCheckFailed: BOT_CHECK_FAILED,
  mobileNotProven: 'Please confirm your mobile with a code before registering.',
  mobileProofExpired: 'Your mobile confirmation has expired. Please confirm your mobile with a new code.',
  mobileAlreadyRegistered: 'This mobile is already registered. Please sign in instead.',
  emailCheckNeedsMobile: 'Please confirm your mobile with a code before checking an email.',
} as const;
