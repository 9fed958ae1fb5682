// Signing a member in for a journey, as sign-in.e2e.ts does it: a fresh Australian mobile, the member
// registered through the API with a mobile proven by the operator's CLI link, then the link opened.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { baseURL } from './browser.ts';
import { ROOT } from './server.ts';

const run = promisify(execFile);
export const API = '/rest/default/V1/storefront';

export interface TestMobile {
  national: string;
  e164: string;
}

/** A fresh Australian mobile per journey, so no send limit of another journey applies. */
export function newMobile(): TestMobile {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return { national: `0413 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+61413${digits}` };
}

type LinkOptions = { product?: number; seller?: string; expires?: string };

function linkArgs(mobile: string, options: LinkOptions): string[] {
  const args = ['link', '--mobile', mobile];
  if (options.product !== undefined) args.push('--product', String(options.product));
  if (options.seller !== undefined) args.push('--seller', options.seller);
  if (options.expires !== undefined) args.push('--expires', options.expires);
  return args;
}

/** The CLI's environment: the server's data directory (its signing secret) or AUTH_SECRET. */
function cliEnv(dataDir = inject('dataDir')): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
}

function linkPath(url: string): string {
  const { pathname } = new URL(url);
  if (!/^\/autologin\/[\w-]+\.[\w-]+\.[\w-]+$/.test(pathname)) throw new Error(`not a sign-in link: ${url}`);
  return pathname;
}

/**
 * A sign-in link made by the operator's CLI, `npm run cli -- link` as its own process; the path part, so
 * it opens on the server under test. sign-in.e2e.ts proves the command with it; other journeys use
 * `signInLink`, the same code in this process.
 */
export async function cliSignInLink(mobile: string, options: LinkOptions = {}): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...linkArgs(mobile, options)],
    { cwd: ROOT, env: cliEnv() },
  );
  return linkPath(stdout.trim().split('\n').at(-1) ?? '');
}

/**
 * A sign-in link as `npm run cli -- link` makes it (its argument reader, settings and signer), made in
 * this process: a CLI process costs 3–4 s of a loaded 2-core machine, and the journeys need about 40.
 * `dataDir`: the data directory of the server that must accept it (a journey's own server). `now`: when
 * it is made; a link made in the past with a short life is expired without waiting for it to expire.
 */
export async function signInLink(
  mobile: string,
  options: LinkOptions = {},
  dataDir: string = inject('dataDir'),
  now: Date = new Date(),
): Promise<string> {
  const { parseLinkArgs, signInUrl } = await import('../../apps/server/src/cli/link-command.ts');
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const request = parseLinkArgs(linkArgs(mobile, options).slice(1));
  return linkPath(await signInUrl(loadConfig(cliEnv(dataDir)), request, now));
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const reply = await fetch(`${baseURL()}${API}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Registers a member through the API, as the registration page would, with one NSW address. */
export async function registerMember(mobile: TestMobile, name: string): Promise<void> {
  const jwt = decodeURIComponent((await signInLink(mobile.national)).replace('/autologin/', ''));
  const [firstname = '', lastname = ''] = name.split(' ');
  const address = {
    firstname,
    lastname,
    telephone: mobile.e164,
    street: ['5 Ocean St'],
    city: 'Bondi',
    postcode: '2026',
    region: { region: 'New South Wales', region_code: 'NSW', region_id: 570 },
    region_id: 570,
    country_id: 'AU',
    default_shipping: true,
    default_billing: true,
  };
  const email = `${firstname.toLowerCase()}.${mobile.e164.slice(-6)}@example.com`;
  await post('createAccount', {
    customer: { email, firstname, lastname, store_id: 19, website_id: 1, addresses: [address] },
    mobile: mobile.e164,
    r_token: 'e2e',
    campaign_id: null,
    jwt,
  });
}

/** Opens a member's sign-in link and waits until the browser holds the session. */
export async function signInWithLink(page: Page, mobile: TestMobile): Promise<void> {
  await page.goto(await signInLink(mobile.national));
  await page.waitForURL('**/browse');
  await page.waitForFunction(() => localStorage.getItem('is_signed_in') === 'true');
}
