import type { TestProject } from 'vitest/node';
import { startServer } from './support/server.ts';

// Builds the web app if its build is stale, then starts one real storefront for the browser journeys.
export default async function setup(project: TestProject) {
  // @ts-expect-error: a plain .mjs module shared with `npm start`
  const { ensureWebBuild } = await import('../scripts/build-web.mjs');
  ensureWebBuild({ quiet: true });
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  // The sign-in journeys make links with the CLI, which reads the signing secret kept there.
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}
