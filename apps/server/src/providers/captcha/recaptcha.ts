import type { CaptchaProvider } from './captcha-provider.ts';

// reCAPTCHA v3: the token is sent to Google's siteverify with our secret; it passes when Google says it
// is genuine and scores it at least RECAPTCHA_MIN_SCORE (1.0 very likely a person, 0.0 a bot).

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaOptions {
  secret: string;
  minScore: number;
  /** Where siteverify answers; tests point it at a local server. */
  verifyUrl?: string;
  timeoutMs?: number;
  /** Told when Google cannot be asked or answers badly (never with the token). */
  onError?: (message: string) => void;
}

interface SiteverifyReply {
  success?: unknown;
  score?: unknown;
  'error-codes'?: unknown;
}

export class RecaptchaCaptcha implements CaptchaProvider {
  readonly mode = 'live';

  constructor(private readonly options: RecaptchaOptions) {}

  async verify(token: string, remoteIp?: string): Promise<boolean> {
    if (token.trim() === '' || token.length > 4096) return false;
    const form = new URLSearchParams({ secret: this.options.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let reply: SiteverifyReply;
    try {
      const response = await fetch(this.options.verifyUrl ?? RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      });
      if (!response.ok) {
        this.options.onError?.(`reCAPTCHA siteverify answered ${response.status}`);
        return false;
      }
      reply = (await response.json()) as SiteverifyReply;
    } catch (error) {
      this.options.onError?.(
        `reCAPTCHA siteverify failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
    // Fail closed: anything but a clear success with a good enough score is a refusal.
    return reply.success === true && typeof reply.score === 'number' && reply.score >= this.options.minScore;
  }
}
