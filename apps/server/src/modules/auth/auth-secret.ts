import { createHmac, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The one signing secret of sign-in (DECISIONS.md "Sign-in"): AUTH_SECRET when set, otherwise generated
// once into DATA_DIR/auth-secret, where the server and the CLI `link` command (which must not open the
// database) both read it. Never logged. Separate keys are derived from it for each use, so a token key
// can never verify a code hash and the other way round.

export const AUTH_SECRET_FILE = 'auth-secret';

const MIN_SECRET_LENGTH = 32;

/** AUTH_SECRET, else the secret in `dataDir/auth-secret`, created there (mode 0600) when missing. */
export function loadAuthSecret(settings: { AUTH_SECRET?: string | undefined; dataDir: string }): string {
  if (settings.AUTH_SECRET) return settings.AUTH_SECRET;
  return readOrCreateSecretFile(settings.dataDir);
}

export function readOrCreateSecretFile(dataDir: string): string {
  const path = join(dataDir, AUTH_SECRET_FILE);
  const existing = readSecret(path);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  // Written in full to a private temporary file, then linked into place: link() fails when the file
  // already exists, so two processes starting at once can never both win, and nobody reads half a file.
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
  } catch (error) {
    if (!isAlreadyThere(error)) throw error;
  } finally {
    unlinkSync(temporary);
  }
  const secret = readSecret(path);
  if (!secret) throw new Error(`${path} holds no usable secret (at least ${MIN_SECRET_LENGTH} characters)`);
  return secret;
}

function readSecret(path: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${path} holds no usable secret (at least ${MIN_SECRET_LENGTH} characters)`);
  }
  return secret;
}

const isAlreadyThere = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EEXIST';

export interface AuthKeys {
  /** HS256 key of link and verified-mobile tokens. */
  tokenKey: Uint8Array;
  /** HMAC key of one-time code hashes. */
  codeKey: Buffer;
}

/** The keys derived from the secret, one per purpose. */
export function deriveAuthKeys(secret: string): AuthKeys {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`quokka:${purpose}`).digest();
  return { tokenKey: new Uint8Array(derive('link-token')), codeKey: derive('one-time-code') };
}
