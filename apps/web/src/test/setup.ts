// Shared set-up for every web test: jest-dom matchers, a clean DOM, storage and app state between
// tests, and no real network (a test that needs the server stubs `fetch` itself).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { takeReplyShapeErrors } from '../lib/api-client';
import { resetAppState } from '../lib/app-state';

// Lazy screens and the shell mount a little after the first paint; on a loaded two-core machine the
// default 1 s for findBy/waitFor is too short and fails tests that are right.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('fetch is not stubbed in this test'))),
  );
  // jsdom does not implement scrolling; the shell resets the scroll position on every route change.
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear(); // a sign-in intent or a registration draft must not reach the next test
  resetAppState();
  // A fake (or a server) answering a shape the contract does not declare fails the test, also when the
  // code under test swallowed the error of a best-effort call.
  const mismatch = takeReplyShapeErrors()[0];
  if (mismatch) throw mismatch;
});
