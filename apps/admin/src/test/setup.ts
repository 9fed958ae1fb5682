// Shared set-up for the back office's tests: jest-dom matchers, a clean DOM between tests, and no real
// network (a test answers the calls it expects with test/fake-api.ts).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// A loaded two-core machine can need more than the default 1 s for a screen and its calls.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('fetch is not stubbed in this test'))),
  );
  // jsdom does not scroll; the shell scrolls to the top on a new screen.
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
