import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// The real server process (server.ts) for process-level tests: signals, sockets, timeouts. Like
// e2e/support/server.ts, but the test holds the child to signal it and read its output.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  baseURL: string;
  output: string[];
  exited: Promise<number | null>;
  /** Kills the process if still running and removes its data directory. */
  dispose(): Promise<void>;
}

function freePort(): Promise<number> {
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

export async function spawnServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'quokka-proc-'));
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      WORKER: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
      SMS_SENDS_PER_HOUR: '100000',
      SMS_SENDS_PER_PREFIX_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    port,
    baseURL,
    output,
    exited,
    dispose: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ScratchDatabase {
  /** The URL of the new database, for DATABASE_URL of spawned servers and for openDatabase. */
  url: string;
  /** Drops the database (closing any connection still on it). */
  drop(): Promise<void>;
}

/**
 * The PostgreSQL server for multi-process tests: TEST_DATABASE_URL, else the local server at
 * 127.0.0.1:5432 when it answers; undefined when there is none (the test then says why it skips).
 */
export async function postgresServerUrl(): Promise<string | undefined> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const url = 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A new, empty database on the server of `serverUrl`, so processes under test share it with nobody
 * (LISTEN/NOTIFY channels are per database, so notifications of other suites never reach it either).
 */
export async function scratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `quokka_proc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
