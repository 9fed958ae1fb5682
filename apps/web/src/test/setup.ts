// Shared set-up for every web test: jest-dom matchers, a clean DOM, storage and app state between
// tests, and no real network (a test that needs the server stubs `fetch` itself).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAppState } from '../lib/app-state';

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
  resetAppState();
});
