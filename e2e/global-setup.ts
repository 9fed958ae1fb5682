import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import type { TestProject } from 'vitest/node';
import { runCli, startServer } from './support/server.ts';

/**
 * The next 12:00 in Sydney: the server's clock starts there (TEST_CLOCK), so gift cards sent "now" are
 * never held by the quiet hours (20:00–06:00), whatever time of day the journeys run at.
 */
export function nextSydneyNoon(now: Date): Date {
  const today = utcToZonedWallTime(now, 'Australia/Sydney').slice(0, 10);
  const noon = zonedWallTimeToUtc(`${today} 12:00:00`, 'Australia/Sydney');
  if (noon.getTime() >= now.getTime()) return noon;
  const tomorrow = utcToZonedWallTime(new Date(noon.getTime() + 26 * 60 * 60 * 1000), 'Australia/Sydney');
  return zonedWallTimeToUtc(`${tomorrow.slice(0, 10)} 12:00:00`, 'Australia/Sydney');
}

/**
 * E2E_BASE_URL: the journeys run against storefront processes started elsewhere (the scale-out check,
 * scripts/scale-out-check.sh, runs them through nginx in front of two processes). Those processes must
 * share AUTH_SECRET with this run (the sign-in journeys make links with the CLI, which signs with it) and
 * have started with TEST_CLOCK=E2E_SERVER_CLOCK.
 */
function useExternalServer(project: TestProject, baseURL: string) {
  const clock = process.env.E2E_SERVER_CLOCK;
  if (!process.env.AUTH_SECRET || !clock)
    throw new Error(
      "E2E_BASE_URL needs AUTH_SECRET (the servers' signing secret) and E2E_SERVER_CLOCK (their TEST_CLOCK)",
    );
  // The CLI reads AUTH_SECRET from the environment; it gets a data directory of its own, never used.
  const dataDir = mkdtempSync(join(tmpdir(), 'quokka-e2e-cli-'));
  project.provide('baseURL', baseURL.replace(/\/$/, ''));
  project.provide('dataDir', dataDir);
  // Now is after every server started, so this browser clock is a moment behind each server's.
  project.provide('serverClock', { start: new Date(clock).getTime(), at: Date.now() });
  return () => rmSync(dataDir, { recursive: true, force: true });
}

// Builds the web app and the back office if stale, then starts one real storefront for the browser journeys.
export default async function setup(project: TestProject) {
  if (process.env.E2E_BASE_URL) return useExternalServer(project, process.env.E2E_BASE_URL);
  // [I26] Both apps are built here, once per run, before any journey starts; the files that start their
  // own server with the back office (back-office, vendor-portal) then find its build current.
  // @ts-expect-error: a plain .mjs module shared with `npm start`
  const { ensureWebBuild } = await import('../scripts/build-web.mjs');
  // @ts-expect-error: a plain .mjs module shared with `npm start`
  const { ensureAdminBuild } = await import('../scripts/build-admin.mjs');
  ensureWebBuild({ quiet: true });
  ensureAdminBuild({ quiet: true });
  const clockStart = nextSydneyNoon(new Date());
  // [I26] The demo shop seeded once by the CLI, beside the shared server's start; the journeys that start
  // their own server copy it (support/shop-journey.ts seededDataDir) instead of seeding their own.
  const seeded = mkdtempSync(join(tmpdir(), 'quokka-e2e-seeded-'));
  const [server] = await Promise.all([
    startServer({ TEST_CLOCK: clockStart.toISOString() }),
    runCli(['seed'], seeded),
  ]);
  project.provide('seededDataDir', seeded);
  project.provide('baseURL', server.baseURL);
  // The sign-in journeys make links with the CLI, which reads the signing secret kept there.
  project.provide('dataDir', server.dataDir);
  // The server's clock is clockStart plus the time since it started, which was before it answered:
  // a browser clock of clockStart plus the time since now is a moment behind the server's, never ahead.
  project.provide('serverClock', { start: clockStart.getTime(), at: Date.now() });
  return async () => {
    await server.stop();
    rmSync(seeded, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** The server's TEST_CLOCK: it read `start` at about (a little before) the real time `at`. */
    serverClock: { start: number; at: number };
    /** A data directory the CLI seeded with the demo shop, to copy (not set with E2E_BASE_URL). */
    seededDataDir?: string;
  }
}
