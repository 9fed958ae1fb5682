import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCaptchaToken, resetCaptchaForTests, SANDBOX_R_TOKEN } from './captcha';

function configure(settings: Record<string, unknown>) {
  document.head.innerHTML = `<meta name="quokka-config" content='${JSON.stringify(settings)}'>`;
}

afterEach(() => {
  document.head.innerHTML = '';
  delete window.grecaptcha;
  resetCaptchaForTests();
});

describe('r_token', () => {
  it('[API-04] without a site key it is the fixed sandbox token, and no script is loaded', async () => {
    configure({ sandbox: true });
    expect(await getCaptchaToken('sendmobilecode')).toBe(SANDBOX_R_TOKEN);
    expect(SANDBOX_R_TOKEN).not.toBe('');
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
  });

  it('[API-04] with a site key it loads reCAPTCHA v3 once and asks a fresh token per action', async () => {
    configure({ sandbox: false, recaptchaSiteKey: 'site-key-1' });
    const execute = vi.fn(async (_key: string, options: { action: string }) => `token-for-${options.action}`);
    const first = getCaptchaToken('register');
    const script = document.querySelector<HTMLScriptElement>('script[src*="recaptcha"]');
    expect(script?.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key-1');
    window.grecaptcha = { ready: (callback) => callback(), execute };
    script?.dispatchEvent(new Event('load'));
    expect(await first).toBe('token-for-register');
    expect(await getCaptchaToken('checkout')).toBe('token-for-checkout');
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'checkout' });
    expect(document.querySelectorAll('script[src*="recaptcha"]')).toHaveLength(1);
  });

  it('sends an empty token (which the server refuses) when reCAPTCHA cannot load, instead of hanging', async () => {
    configure({ sandbox: false, recaptchaSiteKey: 'site-key-2' });
    const pending = getCaptchaToken('sendmobilecode');
    document.querySelector('script[src*="recaptcha"]')?.dispatchEvent(new Event('error'));
    expect(await pending).toBe('');
  });
});
