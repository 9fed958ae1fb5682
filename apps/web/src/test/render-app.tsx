// Renders the real app (real route objects, providers and shell) in a memory router at a path.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { errorReply } from './fake-replies';

export function renderApp(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}

/** A fetch stand-in answering JSON by path; unknown paths answer 404. */
export function stubApi(replies: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname in replies) {
      return new Response(JSON.stringify(replies[url.pathname]), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return errorReply('NOT_FOUND', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
