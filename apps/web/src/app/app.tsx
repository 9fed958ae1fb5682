import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './providers';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

/** The app; main.tsx hands in the cache and router it hydrated a server-rendered page with. */
export function App(props: { queryClient?: QueryClient; router?: AppRouter }) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const [router] = useState(() => props.router ?? createAppRouter());
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
