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

  it('[I12-4] listens on this machine only by default outside production, on every interface in production', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX: '1' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({}).DEV_ROUTES_REMOTE).toBe(false);
    expect(loadConfig({ DEV_ROUTES_REMOTE: '1' }).DEV_ROUTES_REMOTE).toBe(true);
    expect(() => loadConfig({ DEV_ROUTES_REMOTE: 'maybe' })).toThrow(/DEV_ROUTES_REMOTE/);
  });

  it('[I12-9] has request, header and keep-alive timeouts and a connection cap, with checked values', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      REQUEST_TIMEOUT_S: 30,
      HEADERS_TIMEOUT_S: 10,
      KEEP_ALIVE_TIMEOUT_S: 72,
      MAX_CONNECTIONS: 1000,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_S: '5', HEADERS_TIMEOUT_S: '5' }).REQUEST_TIMEOUT_S).toBe(5);
    expect(() => loadConfig({ REQUEST_TIMEOUT_S: '5', HEADERS_TIMEOUT_S: '6' })).toThrow(
      /HEADERS_TIMEOUT_S: must not be more than REQUEST_TIMEOUT_S/,
    );
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_S: 'long' })).toThrow(/KEEP_ALIVE_TIMEOUT_S/);
  });
});

describe('[I12-1] TRUST_PROXY', () => {
  it('[I12-1] trusts no proxy by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('[I12-1] takes a hop count or the proxies’ addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('[I12-1] refuses true/all, which would believe what the client writes, with a clear message', () => {
    for (const value of ['true', 'all', 'TRUE', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: no longer accepts true\/all/);
    }
  });

  it('[I12-1] refuses what is neither a count nor an address', () => {
    for (const value of ['proxy.example', '10.0.0.0/33', '1.5', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be a hop count/);
    }
  });
});

describe('[I12-1] the SMS budget settings', () => {
  it('[I12-1] default to 300 texts an hour and 30 per number range, and refuse nonsense', () => {
    const config = loadConfig({});
    expect(config.SMS_SENDS_PER_HOUR).toBe(300);
    expect(config.SMS_SENDS_PER_PREFIX_PER_HOUR).toBe(30);
    expect(loadConfig({ SMS_SENDS_PER_HOUR: '1000' }).SMS_SENDS_PER_HOUR).toBe(1000);
    expect(() => loadConfig({ SMS_SENDS_PER_PREFIX_PER_HOUR: '0' })).toThrow(/SMS_SENDS_PER_PREFIX_PER_HOUR/);
  });
});

describe('[I29] text campaign settings', () => {
  it('[I29] default to 8 cents a part, 2 marketing texts a week, 10 sends a second, automatic review; refuse nonsense', () => {
    const config = loadConfig({});
    expect(config.SMS_PRICE_CENTS).toBe(8);
    expect(config.MARKETING_TEXTS_PER_WEEK).toBe(2);
    expect(config.SMS_SENDS_PER_SECOND).toBe(10);
    expect(config.CAMPAIGN_REVIEW).toBe('auto');
    expect(loadConfig({ CAMPAIGN_REVIEW: 'manual', SMS_PRICE_CENTS: '6' })).toMatchObject({
      CAMPAIGN_REVIEW: 'manual',
      SMS_PRICE_CENTS: 6,
    });
    expect(() => loadConfig({ SMS_SENDS_PER_SECOND: '0' })).toThrow(/SMS_SENDS_PER_SECOND/);
    expect(() => loadConfig({ CAMPAIGN_REVIEW: 'sometimes' })).toThrow(/CAMPAIGN_REVIEW/);
    expect(() => loadConfig({ MARKETING_TEXTS_PER_WEEK: '-1' })).toThrow(/MARKETING_TEXTS_PER_WEEK/);
  });
});

describe('[I30] reply to buy settings', () => {
  it('[I30] caps one order bought by reply at $300 by default, takes cents, and refuses nonsense', () => {
    expect(loadConfig({}).REPLY_TO_BUY_MAX_CENTS).toBe(30_000);
    expect(loadConfig({ REPLY_TO_BUY_MAX_CENTS: '15000' }).REPLY_TO_BUY_MAX_CENTS).toBe(15_000);
    expect(() => loadConfig({ REPLY_TO_BUY_MAX_CENTS: '0' })).toThrow(/REPLY_TO_BUY_MAX_CENTS/);
    expect(() => loadConfig({ REPLY_TO_BUY_MAX_CENTS: '12.5' })).toThrow(/REPLY_TO_BUY_MAX_CENTS/);
    expect(() => loadConfig({ REPLY_TO_BUY_MAX_CENTS: 'lots' })).toThrow(/REPLY_TO_BUY_MAX_CENTS/);
  });
});

describe('[I12] sign-in safety settings', () => {
  it('[I12-5] [I12-7] has defaults and refuses a bad value', () => {
    const config = loadConfig({});
    expect(config.EMAIL_CHECKS_PER_TOKEN_PER_HOUR).toBe(30);
    expect(config.OTP_FAILED_CONFIRMS_PER_NUMBER_PER_DAY).toBe(10);
    expect(config.OTP_FAILED_CONFIRMS_COOLDOWN_S).toBe(3600);
    // [I12-5] Per-address budgets are sized for a carrier's shared NAT; placements count per member.
    expect(config.OTP_FAILED_CONFIRMS_PER_ADDRESS_PER_HOUR).toBe(100);
    expect(config.OTP_SENDS_PER_ADDRESS_PER_HOUR).toBe(100);
    expect(config.REGISTRATIONS_PER_ADDRESS_PER_HOUR).toBe(50);
    expect(config.ORDER_PLACEMENTS_PER_MEMBER_PER_HOUR).toBe(30);
    for (const name of [
      'EMAIL_CHECKS_PER_TOKEN_PER_HOUR',
      'OTP_FAILED_CONFIRMS_PER_NUMBER_PER_DAY',
      'OTP_FAILED_CONFIRMS_COOLDOWN_S',
      'OTP_FAILED_CONFIRMS_PER_ADDRESS_PER_HOUR',
      'OTP_SENDS_PER_ADDRESS_PER_HOUR',
      'REGISTRATIONS_PER_ADDRESS_PER_HOUR',
      'ORDER_PLACEMENTS_PER_MEMBER_PER_HOUR',
    ]) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(new RegExp(name));
    }
  });
});
