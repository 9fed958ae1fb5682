import { InvalidDataError } from '../../domain/errors.ts';
import type { CaptchaProvider } from './captcha-provider.ts';

/** What a refused bot check answers; the sign-in texts (auth-texts.ts) show the same words. */
export const BOT_CHECK_FAILED =
  'We could not confirm that you are not a robot. Please reload the page and try again.';

/**
 * The bot check of sendmobilecode, confirmmobilecode, createAccount and checkout: 400 `{message}` when
 * the r_token is missing, empty or not accepted by the provider.
 */
export async function requireHuman(
  captcha: CaptchaProvider,
  rToken: unknown,
  remoteIp?: string,
): Promise<void> {
  if (typeof rToken !== 'string' || rToken.trim() === '' || !(await captcha.verify(rToken, remoteIp))) {
    throw new InvalidDataError(BOT_CHECK_FAILED);
  }
}
