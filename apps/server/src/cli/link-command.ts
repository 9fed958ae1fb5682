import { parseArgs } from 'node:util';
import { LINK_TOKEN_TTL_S } from '@quokka/contract/constants';
import { type E164Mobile, parseAuMobile } from '@quokka/contract/mobile';
import { type Config, environmentWithDotenv, loadConfig } from '../config.ts';
import { deriveAuthKeys, loadAuthSecret } from '../modules/auth/auth-secret.ts';
import { signLinkToken } from '../modules/auth/link-tokens.ts';
import { CliError } from './cli-error.ts';

// `npm run cli -- link --mobile 0412345678 [--product ID] [--campaign ID] [--seller URL] [--expires 7d]`
// (DECISIONS.md "Operations"): prints a sign-in URL, `/autologin/<jwt>`, as its last line. It signs with
// the server's secret (AUTH_SECRET, or DATA_DIR/auth-secret) and never opens the database: the embedded
// PostgreSQL allows one process, and the server may be running.

export const LINK_USAGE =
  'Usage: npm run cli -- link --mobile 0412345678 [--product ID] [--campaign ID] [--seller URL] [--expires 7d]';

const UNIT_SECONDS = { s: 1, m: 60, h: 60 * 60, d: 24 * 60 * 60 } as const;
const MAX_TTL_S = 365 * UNIT_SECONDS.d;

export interface LinkRequest {
  mobile: E164Mobile;
  productId?: number;
  campaignId?: string;
  sellerUrl?: string;
  ttlSeconds: number;
}

const usageError = (problem: string) => new CliError(`${problem}\n${LINK_USAGE}`, 2);

/** '30s', '15m', '12h', '7d' → seconds. */
export function parseExpiry(text: string): number {
  const match = /^(\d{1,6})([smhd])$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS] : Number.NaN;
  if (!(seconds > 0) || seconds > MAX_TTL_S) {
    throw usageError(`--expires: "${text}" is not a lifetime like 30s, 15m, 12h or 7d (at most 365d)`);
  }
  return seconds;
}

/** A seller's URL key ('harbour-goods'), also taken from a full /sellerprofile/<key> address. */
function parseSeller(text: string): string {
  let key = text.trim();
  if (/^https?:\/\//i.test(key)) {
    try {
      key = new URL(key).pathname.replace(/\/+$/, '').split('/').pop() ?? '';
    } catch {
      key = '';
    }
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(key)) {
    throw usageError(`--seller: "${text}" is not a seller URL key such as harbour-goods`);
  }
  return key;
}

export function parseLinkArgs(args: string[]): LinkRequest {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        mobile: { type: 'string' },
        product: { type: 'string' },
        campaign: { type: 'string' },
        seller: { type: 'string' },
        expires: { type: 'string' },
      },
    }));
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error));
  }
  if (values.mobile === undefined) throw usageError('--mobile is required');
  const mobile = parseAuMobile(values.mobile);
  if (!mobile) {
    throw usageError(
      `--mobile: "${values.mobile}" is not an Australian mobile (0412 345 678 or +61412345678)`,
    );
  }
  const request: LinkRequest = {
    mobile,
    ttlSeconds: values.expires === undefined ? LINK_TOKEN_TTL_S : parseExpiry(values.expires),
  };
  if (values.product !== undefined) {
    const productId = Number(values.product);
    if (!/^\d{1,15}$/.test(values.product) || !Number.isSafeInteger(productId) || productId < 1) {
      throw usageError(`--product: "${values.product}" is not a product id`);
    }
    request.productId = productId;
  }
  if (values.campaign !== undefined) {
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(values.campaign)) {
      throw usageError(`--campaign: "${values.campaign}" must be 1 to 64 letters, digits, '.', '_' or '-'`);
    }
    request.campaignId = values.campaign;
  }
  if (values.seller !== undefined) request.sellerUrl = parseSeller(values.seller);
  return request;
}

/** The storefront's address in links: PUBLIC_URL, else this machine on PORT. */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export async function signInUrl(config: Config, request: LinkRequest, now: Date): Promise<string> {
  const { tokenKey } = deriveAuthKeys(loadAuthSecret(config));
  const jwt = await signLinkToken(tokenKey, request, { now, ttlSeconds: request.ttlSeconds });
  return `${publicBaseUrl(config)}/autologin/${jwt}`;
}

export async function runLink(
  args: string[],
  env: Record<string, string | undefined> = environmentWithDotenv(),
  now: Date = new Date(),
): Promise<void> {
  // Arguments first: a typo is reported before any setting or secret is read.
  const request = parseLinkArgs(args);
  const config = loadConfig(env);
  const url = await signInUrl(config, request, now);
  const details = [
    request.productId !== undefined ? `product ${request.productId}` : undefined,
    request.campaignId ? `campaign ${request.campaignId}` : undefined,
    request.sellerUrl ? `seller ${request.sellerUrl}` : undefined,
  ].filter(Boolean);
  const expires = new Date(now.getTime() + request.ttlSeconds * 1000).toISOString();
  process.stdout.write(
    `Sign-in link for ${request.mobile}${details.length ? ` (${details.join(', ')})` : ''}, valid until ${expires}:\n${url}\n`,
  );
}
