import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const run = promisify(execFile);

/**
 * A TypeScript script of the repository run with Node on a data directory (the embedded database); its
 * standard output.
 */
export async function runScript(script: string, args: string[], dataDir: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  return stdout;
}

/** `npm run cli -- <args>` on a data directory; its standard output. */
export function runCli(args: string[], dataDir: string): Promise<string> {
  return runScript('apps/server/src/cli/main.ts', args, dataDir);
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The real storefront (`apps/server/src/server.ts`) on a free port with a fresh data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'quokka-e2e-'));
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      // The journeys text hundreds of codes to a few number ranges within the hour.
      SMS_SENDS_PER_HOUR: '100000',
      SMS_SENDS_PER_PREFIX_PER_HOUR: '100000',
      MARKETING_URL: 'https://marketing.quokka.test/',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // E2E_SERVER_LOG=<file>: the server's own output is appended there too (a stalled run can be read).
  const logFile = process.env.E2E_SERVER_LOG;
  const keep = (chunk: unknown) => {
    output.push(String(chunk));
    if (logFile) appendFileSync(logFile, String(chunk));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    try {
      const reply = await fetch(`${baseURL}/healthz`);
      if (reply.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz in time:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
