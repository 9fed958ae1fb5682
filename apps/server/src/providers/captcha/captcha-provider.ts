// The bot check on sign-in, registration and checkout (SPEC.md §7: r_token). Sandbox: any non-empty token
// passes (DECISIONS.md "Sandbox mode"); live: reCAPTCHA v3 with a minimum score. Chosen by config.

export interface CaptchaProvider {
  readonly mode: 'sandbox' | 'live';
  /** True when the token shows a person; never throws for a bad token. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

export class SandboxCaptcha implements CaptchaProvider {
  readonly mode = 'sandbox';

  async verify(token: string): Promise<boolean> {
    return token.trim().length > 0;
  }
}
