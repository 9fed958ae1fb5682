import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/app';
import { screenPreload } from './app/lazy-screen';
import { createQueryClient } from './app/providers';
import { routes } from './app/router';
import { SSR_DATA_ID } from './ssr-data';
import './app/theme.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const serverData = document.getElementById(SSR_DATA_ID);

if (serverData?.textContent) {
  // A server-rendered screen (apps/web/src/entry-server.tsx): its data seeds the cache so nothing is
  // fetched again, and its screen's module (already preloaded by the page) is in place before
  // hydrating, so the first client render is the server's markup.
  const queryClient = createQueryClient();
  hydrate(queryClient, JSON.parse(serverData.textContent));
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(matches.map(({ route }) => screenPreload(route)?.()));
  hydrateRoot(
    container,
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
