import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deriveAuthKeys, loadAuthSecret } from '../modules/auth/auth-secret.ts';
import { verifyLinkToken } from '../modules/auth/link-tokens.ts';
import { CliError } from './import-command.ts';
import { parseExpiry, parseLinkArgs, runLink } from './link-command.ts';

// `npm run cli -- link …` (DECISIONS.md "Operations"): the sign-in URL as the last line, signed with the
// server's secret from DATA_DIR, without opening the database; readable errors with exit code 2.

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const NOW = new Date('2026-11-21T00:00:00Z');

async function output(args: string[], env: Record<string, string>): Promise<string> {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    await runLink(args, { DATABASE_URL: '', ...env }, NOW);
    return write.mock.calls.map(([chunk]) => String(chunk)).join('');
  } finally {
    write.mockRestore();
  }
}

const tokenOf = (url: string) => url.split('/autologin/')[1] ?? '';

// Some tests here start an app or a process of their own: slow on a busy machine.
describe('npm run cli -- link', { timeout: 120_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('[ROUTE-16] prints PUBLIC_URL/autologin/<jwt> last, a link token with the mobile, product, campaign and seller', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quokka-link-'));
    const text = await output(
      ['--mobile', '0412 345 678', '--product', '12', '--campaign', 'spring-24', '--seller', 'harbour-goods'],
      { DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example/' },
    );
    const last = text.trim().split('\n').at(-1) ?? '';
    expect(last).toMatch(/^https:\/\/shop\.example\/autologin\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const { tokenKey } = deriveAuthKeys(loadAuthSecret({ dataDir }));
    const verified = await verifyLinkToken(tokenKey, tokenOf(last), NOW);
    expect(verified).toEqual({
      status: 'valid',
      claims: {
        mobile: '+61412345678',
        productId: 12,
        campaignId: 'spring-24',
        sellerUrl: 'harbour-goods',
        // A CLI link is never a checkout link (issue 30) nor a cart link (issue 31).
        checkoutProductId: null,
        openCart: false,
      },
      expiresAt: new Date(NOW.getTime() + 7 * 86_400_000),
    });
    // Valid for the default 7 days, then expired.
    expect(
      (await verifyLinkToken(tokenKey, tokenOf(last), new Date(NOW.getTime() + 7 * 86_400_000))).status,
    ).toBe('expired');
    // Only the secret was written: no database was opened.
    expect(readdirSync(dataDir)).toEqual(['auth-secret']);
  });

  it('uses http://localhost:PORT without PUBLIC_URL, AUTH_SECRET when set, and --expires', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quokka-link-'));
    const secret = 'a-configured-secret-of-enough-length-1234';
    const text = await output(
      [
        '--mobile',
        '+61412345678',
        '--expires',
        '30s',
        '--seller',
        'https://shop.example/sellerprofile/outback',
      ],
      {
        DATA_DIR: dataDir,
        PORT: '9090',
        AUTH_SECRET: secret,
      },
    );
    const last = text.trim().split('\n').at(-1) ?? '';
    expect(last.startsWith('http://localhost:9090/autologin/')).toBe(true);
    const { tokenKey } = deriveAuthKeys(secret);
    expect(await verifyLinkToken(tokenKey, tokenOf(last), new Date(NOW.getTime() + 29_000))).toMatchObject({
      status: 'valid',
      claims: { sellerUrl: 'outback' },
    });
    expect((await verifyLinkToken(tokenKey, tokenOf(last), new Date(NOW.getTime() + 30_000))).status).toBe(
      'expired',
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('reads the lifetimes 30s, 15m, 12h and 7d', () => {
    expect([parseExpiry('30s'), parseExpiry('15m'), parseExpiry('12h'), parseExpiry('7d')]).toEqual([
      30, 900, 43_200, 604_800,
    ]);
  });

  it('refuses bad arguments with a readable message and exit code 2', () => {
    const cases: [string[], RegExp][] = [
      [[], /--mobile is required/],
      [['--mobile', '02 9999 9999'], /not an Australian mobile/],
      [['--mobile', '0412345678', '--product', 'abc'], /--product: "abc" is not a product id/],
      [['--mobile', '0412345678', '--product', '0'], /not a product id/],
      [['--mobile', '0412345678', '--expires', '3w'], /--expires: "3w"/],
      [['--mobile', '0412345678', '--expires', '0d'], /--expires/],
      [['--mobile', '0412345678', '--expires', '400d'], /at most 365d/],
      [['--mobile', '0412345678', '--campaign', 'two words'], /--campaign/],
      [['--mobile', '0412345678', '--seller', '../etc'], /--seller/],
      [['--mobile', '0412345678', '--colour', 'red'], /Unknown option '--colour'/],
      [['--mobile', '0412345678', 'extra'], /positional/i],
    ];
    for (const [args, message] of cases) {
      let caught: unknown;
      try {
        parseLinkArgs(args);
      } catch (error) {
        caught = error;
      }
      expect(caught, args.join(' ')).toBeInstanceOf(CliError);
      expect(caught).toMatchObject({ exitCode: 2, message: expect.stringMatching(message) });
      expect((caught as CliError).message).toContain('Usage: npm run cli -- link');
    }
  });

  it('runs as `npm run cli -- link`: the URL last on stdout, exit 0; a bad mobile exits 2 on stderr', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quokka-link-'));
    const env = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example', DATABASE_URL: '' };
    const cli = (args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'link', ...args], {
        cwd: repoRoot,
        env,
      });
    const ok = await cli(['--mobile', '0412345678', '--product', '7']);
    expect(ok.stdout.trim().split('\n').at(-1)).toMatch(
      /^https:\/\/shop\.example\/autologin\/[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    const failed = await cli(['--mobile', 'nope']).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining('not an Australian mobile') });
  });
});
