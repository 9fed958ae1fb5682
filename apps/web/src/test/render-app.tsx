// Renders the real app (real route objects, providers and shell) in a memory router at a path, in the
// router's declarative mode as the browser runs it (<MemoryRouter> for <BrowserRouter>).
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { errorReply } from './fake-replies';

interface RouterState {
  location: Location;
  historyAction: NavigationType;
}

/** What a test reads and does through the router: where it is, going somewhere, every move. */
export interface TestRouter {
  state: RouterState;
  navigate(to: string | number, options?: { replace?: boolean; state?: unknown }): Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
}

interface Probe {
  state?: RouterState;
  navigate?: NavigateFunction;
  listeners: Set<(state: RouterState) => void>;
}

function RouterProbe({ into }: { into: Probe }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  into.state = { location, historyAction };
  into.navigate = useNavigate();
  useEffect(() => {
    for (const listener of into.listeners) listener({ location, historyAction });
  }, [into, location, historyAction]);
  return null;
}

export function renderApp(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const probe: Probe = { listeners: new Set() };
  const router: TestRouter = {
    get state() {
      if (!probe.state) throw new Error('the router has not rendered yet');
      return probe.state;
    },
    async navigate(to, options) {
      await act(async () => {
        if (typeof to === 'number') await probe.navigate?.(to);
        else await probe.navigate?.(to, options);
      });
    },
    subscribe(listener) {
      probe.listeners.add(listener);
      return () => probe.listeners.delete(listener);
    },
  };
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe into={probe} />
        <AppRoutes />
      </MemoryRouter>
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
