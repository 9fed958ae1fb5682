import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AUTH_SECRET_FILE, deriveAuthKeys, loadAuthSecret } from './auth-secret.ts';

// The signing secret: AUTH_SECRET, or one generated once into DATA_DIR/auth-secret (mode 0600), created
// atomically so processes starting together agree on it.

const run = promisify(execFile);
const freshDir = () => mkdtempSync(join(tmpdir(), 'quokka-secret-'));
const moduleUrl = new URL('./auth-secret.ts', import.meta.url).href;

// Some tests here start an app or a process of their own: slow on a busy machine.
describe('the signing secret', { timeout: 120_000 }, () => {
  it('is generated into DATA_DIR/auth-secret with mode 0600 on first use, then read back', () => {
    const dataDir = join(freshDir(), 'nested', 'data');
    const first = loadAuthSecret({ dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const path = join(dataDir, AUTH_SECRET_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').trim()).toBe(first);
    expect(loadAuthSecret({ dataDir })).toBe(first);
  });

  it('is AUTH_SECRET when set, and then no file is written', () => {
    const dataDir = freshDir();
    expect(loadAuthSecret({ AUTH_SECRET: 'x'.repeat(40), dataDir })).toBe('x'.repeat(40));
    expect(() => statSync(join(dataDir, AUTH_SECRET_FILE))).toThrow();
  });

  it('is the same for four processes that create it at the same moment', async () => {
    const dataDir = freshDir();
    const script = `const { loadAuthSecret } = await import(${JSON.stringify(moduleUrl)}); process.stdout.write(loadAuthSecret({ dataDir: ${JSON.stringify(dataDir)} }));`;
    const cwd = fileURLToPath(new URL('../../../', import.meta.url));
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd }),
      ),
    );
    const secrets = new Set(outputs.map((output) => output.stdout));
    expect(secrets.size).toBe(1);
    expect(readFileSync(join(dataDir, AUTH_SECRET_FILE), 'utf8').trim()).toBe([...secrets][0]);
  });

  it('refuses a file that holds too short a secret rather than signing with it', () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, AUTH_SECRET_FILE), 'short\n');
    expect(() => loadAuthSecret({ dataDir })).toThrow(/no usable secret/);
  });

  it('derives different keys for tokens and code hashes, none equal to the secret', () => {
    const keys = deriveAuthKeys('s'.repeat(40));
    expect(Buffer.from(keys.tokenKey).equals(keys.codeKey)).toBe(false);
    expect(Buffer.from(keys.tokenKey).toString()).not.toContain('s'.repeat(40));
    expect(deriveAuthKeys('s'.repeat(40)).codeKey.equals(keys.codeKey)).toBe(true);
  });
});
