import { InvalidDataError } from '../../domain/errors.ts';
import { TEXT } from '../../modules/auth/auth-texts.ts';
import type { CaptchaProvider } from './captcha-provider.ts';

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
    throw new InvalidDataError(TEXT.botCheckFailed);
  }
}
