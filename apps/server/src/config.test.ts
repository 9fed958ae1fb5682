import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidAbn } from '@quokka/contract/business-identity';
import { describe, expect, it } from 'vitest';
import { ConfigError, environmentWithDotenv, loadConfig } from './config.ts';

describe('settings', () => {
  it('has working defaults: port 8080, ./data, namespace storefront, sandbox providers', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.API_NAMESPACE).toBe('storefront');
    expect(config.STORE_NAME).toBe('Quokka');
    expect(config.dataDir).toMatch(/data$/);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.providers).toEqual({
      messaging: 'sandbox',
      payments: 'sandbox',
      captcha: 'sandbox',
      places: 'sandbox',
    });
    expect(config.sandbox).toBe(true);
  });

  it('names every bad setting in one message', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        OTP_SEND_INTERVAL_S: '-3',
        MARKETING_URL: 'not a url',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as ConfigError).message;
      for (const name of ['PORT', 'DATABASE_URL', 'OTP_SEND_INTERVAL_S', 'MARKETING_URL']) {
        expect(message).toContain(name);
      }
      expect((error as ConfigError).problems).toHaveLength(4);
    }
  });

  it('never echoes a secret value in the error', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'short-secret-value' })).toThrow(/AUTH_SECRET/);
    try {
      loadConfig({ AUTH_SECRET: 'short-secret-value' });
    } catch (error) {
      expect((error as Error).message).not.toContain('short-secret-value');
    }
  });

  it('refuses sandbox providers in production unless ALLOW_SANDBOX=1', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/refuses sandbox providers/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX: '1' }).sandbox).toBe(true);
  });

  it('switches a provider to live when its keys are set, and wants them complete', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(/go together/);
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' });
    expect(config.providers.payments).toBe('live');
    expect(config.providers.messaging).toBe('sandbox');
  });

  it('reads .env under the real environment, which wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quokka-env-'));
    writeFileSync(join(dir, '.env'), 'PORT=9090\nSTORE_NAME=Dotenv Shop\n');
    const env = environmentWithDotenv({ STORE_NAME: 'Real Env' }, dir);
    const config = loadConfig(env);
    expect(config.PORT).toBe(9090);
    expect(config.STORE_NAME).toBe('Real Env');
  });
});

/** Every setting a live shop needs, so that only the operator's identity is left to test. */
const LIVE = {
  NODE_ENV: 'production',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+61400000000',
  STRIPE_SECRET_KEY: 'sk_live_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
  RECAPTCHA_SECRET: 'secret',
  RECAPTCHA_SITE_KEY: 'site',
  GOOGLE_PLACES_KEY: 'places',
};

describe("[I11-12] the operator's identity and support contact", () => {
  it('defaults to the sandbox identity: a trading name, an ABN that passes the check, email and phone', () => {
    const { identity } = loadConfig({});
    expect(identity).toEqual({
      tradingName: 'Quokka Marketplace Pty Ltd',
      abn: '12 345 679 016',
      supportEmail: 'support@example.com',
      supportPhone: '1300 975 707',
    });
    expect(isValidAbn(identity.abn)).toBe(true);
  });

  it('takes the settings, and shows the ABN grouped as the ABN Lookup does', () => {
    const { identity } = loadConfig({
      OPERATOR_NAME: 'Wattle Trading Co Pty Ltd',
      OPERATOR_ABN: '51824753556',
      SUPPORT_EMAIL: 'help@wattle.example',
    });
    expect(identity).toEqual({
      tradingName: 'Wattle Trading Co Pty Ltd',
      abn: '51 824 753 556',
      supportEmail: 'help@wattle.example',
      // A contact given alone stands alone: no made-up phone beside a real email.
      supportPhone: null,
    });
    expect(loadConfig({ SUPPORT_PHONE: '(02) 9555 0100' }).identity).toMatchObject({
      supportEmail: null,
      supportPhone: '(02) 9555 0100',
    });
  });

  it.each([
    ['12 345 679 017', 'a wrong check digit'],
    ['1234567901', '10 digits'],
    ['123456790167', '12 digits'],
    ['12-345-679-016', 'dashes'],
    ['ABN 12345679016', 'a prefix'],
  ])('refuses OPERATOR_ABN %s (%s), naming the setting', (abn) => {
    expect(() => loadConfig({ OPERATOR_ABN: abn })).toThrow(/OPERATOR_ABN: must be an ABN/);
  });

  it('refuses a support email or phone that is not one', () => {
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow(/SUPPORT_EMAIL: must be an email/);
    expect(() => loadConfig({ SUPPORT_PHONE: 'call us' })).toThrow(/SUPPORT_PHONE: must be a phone/);
    expect(() => loadConfig({ SUPPORT_PHONE: '1300' })).toThrow(/SUPPORT_PHONE: must have 8 to 15 digits/);
  });

  it('a live shop must name itself: production refuses the sandbox identity', () => {
    expect(() => loadConfig(LIVE)).toThrow(
      /needs the operator's identity: set OPERATOR_NAME, OPERATOR_ABN, SUPPORT_EMAIL or SUPPORT_PHONE/,
    );
    expect(() => loadConfig({ ...LIVE, OPERATOR_NAME: 'Wattle', OPERATOR_ABN: '51 824 753 556' })).toThrow(
      /set SUPPORT_EMAIL or SUPPORT_PHONE/,
    );
    const config = loadConfig({
      ...LIVE,
      OPERATOR_NAME: 'Wattle',
      OPERATOR_ABN: '51 824 753 556',
      SUPPORT_PHONE: '1300 975 708',
    });
    expect(config.identity).toMatchObject({ tradingName: 'Wattle', supportEmail: null });
  });
});

describe('[I12] sign-in safety settings', () => {
  it('has defaults and refuses a bad value', () => {
    const config = loadConfig({});
    expect(config.EMAIL_CHECKS_PER_TOKEN_PER_HOUR).toBe(30);
    expect(config.OTP_FAILED_CONFIRMS_PER_NUMBER_PER_DAY).toBe(10);
    expect(config.OTP_FAILED_CONFIRMS_COOLDOWN_S).toBe(3600);
    expect(config.OTP_FAILED_CONFIRMS_PER_ADDRESS_PER_HOUR).toBe(30);
    for (const name of [
      'EMAIL_CHECKS_PER_TOKEN_PER_HOUR',
      'OTP_FAILED_CONFIRMS_PER_NUMBER_PER_DAY',
      'OTP_FAILED_CONFIRMS_COOLDOWN_S',
      'OTP_FAILED_CONFIRMS_PER_ADDRESS_PER_HOUR',
    ]) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(new RegExp(name));
    }
  });
});
