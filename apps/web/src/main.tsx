import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/app';
import { createQueryClient } from './app/providers';
import { createAppRouter, routes } from './app/router';
import { SSR_DATA_ID } from './ssr-data';
import './app/theme.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const serverData = document.getElementById(SSR_DATA_ID);

if (serverData?.textContent) {
  // A server-rendered screen (apps/web/src/entry-server.tsx): its data seeds the cache so nothing is
  // fetched again, and its lazy route modules (already preloaded by the page) are in place before
  // hydrating, so the first client render is the server's markup.
  const queryClient = createQueryClient();
  hydrate(queryClient, JSON.parse(serverData.textContent));
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  const router = createAppRouter();
  hydrateRoot(
    container,
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
