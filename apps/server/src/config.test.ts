import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
