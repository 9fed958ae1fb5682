// [API-04] The bot-check token (r_token) sent with sign-in, registration and checkout calls.
// With a reCAPTCHA site key configured, reCAPTCHA v3 scores the visit invisibly; without one the server
// runs its sandbox bot check, which accepts any non-empty token (DECISIONS.md "Sandbox mode"). The
// reCAPTCHA script is loaded only when a key is configured, and only once.
import { getRuntimeConfig } from './runtime-config';

/** What the sandbox bot check gets: any non-empty token passes there. */
export const SANDBOX_R_TOKEN = 'sandbox-r-token';

/** reCAPTCHA v3 actions may hold letters, digits, slashes and underscores only. */
export type CaptchaAction = 'sendmobilecode' | 'confirmmobilecode' | 'register' | 'checkout';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_LOAD_TIMEOUT_MS = 15_000;

let loading: { siteKey: string; promise: Promise<Grecaptcha> } | null = null;

function loadScript(siteKey: string): Promise<Grecaptcha> {
  if (loading?.siteKey === siteKey) return loading.promise;
  const promise = new Promise<Grecaptcha>((resolve, reject) => {
    const ready = () => {
      const api = window.grecaptcha;
      if (api) api.ready(() => resolve(api));
      else reject(new Error('reCAPTCHA did not load'));
    };
    if (window.grecaptcha) {
      ready();
      return;
    }
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.defer = true;
    const timer = window.setTimeout(
      () => reject(new Error('reCAPTCHA took too long to load')),
      SCRIPT_LOAD_TIMEOUT_MS,
    );
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      ready();
    });
    script.addEventListener('error', () => {
      window.clearTimeout(timer);
      reject(new Error('reCAPTCHA could not be loaded'));
    });
    document.head.append(script);
  });
  // A failed load may be a passing network hiccup: the next call tries again.
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;
  });
  loading = { siteKey, promise };
  return promise;
}

/**
 * A fresh r_token for one action. reCAPTCHA tokens are single-use and live two minutes, so every call
 * asks for a new one. When reCAPTCHA cannot load (blocked, offline) the call still goes out with an
 * empty token and the server's bot check refuses it with its own message, rather than the app hanging.
 */
export async function getCaptchaToken(action: CaptchaAction): Promise<string> {
  const { recaptchaSiteKey } = getRuntimeConfig();
  if (!recaptchaSiteKey) return SANDBOX_R_TOKEN;
  try {
    const api = await loadScript(recaptchaSiteKey);
    return await api.execute(recaptchaSiteKey, { action });
  } catch {
    return '';
  }
}

/** Forgets the loaded script (tests swap site keys). */
export function resetCaptchaForTests(): void {
  loading = null;
}
