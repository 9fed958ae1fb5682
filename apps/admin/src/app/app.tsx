// The back office: providers, the sign-in gate and the routes (React Router's declarative mode, as the
// shopper app). Until /me says the session is full, every address shows the sign-in screen and keeps its
// URL, so a link to an order opens that order after signing in.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AuditPage } from '../features/audit/audit-page';
import { GiftCardsPage } from '../features/gift-cards/gift-cards-page';
import { OrderPage } from '../features/orders/order-page';
import { OrdersPage } from '../features/orders/orders-page';
import { SignInPage } from '../features/sign-in/sign-in-page';
import type { AdminRuntimeConfig } from '../lib/runtime-config';
import { SessionProvider, useSession, type WebAuthn } from '../lib/session';
import { Shell } from './shell';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Staff act on what they see: refetch on focus, and never retry a refusal.
      queries: { retry: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

function Gate() {
  const { me } = useSession();
  if (me === undefined) {
    return (
      <main className="center-screen" aria-busy="true">
        <p className="muted">Loading…</p>
      </main>
    );
  }
  if (me === null || me.stage !== 'full') return <SignInPage />;
  const operator = me.staff.role === 'operator';
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<Navigate to="/orders" replace />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:id" element={<OrderPage />} />
        {operator && <Route path="gift-cards" element={<GiftCardsPage />} />}
        {operator && <Route path="audit" element={<AuditPage />} />}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

function NotFound() {
  return (
    <section className="panel">
      <h1>Not found</h1>
      <p>There is no page at this address.</p>
    </section>
  );
}

export function AdminApp({
  webauthn,
  config,
  queryClient,
  router,
}: {
  webauthn: WebAuthn;
  config: AdminRuntimeConfig;
  queryClient?: QueryClient;
  /** A BrowserRouter in the browser, a MemoryRouter in tests. */
  router: (children: ReactNode) => ReactNode;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider webauthn={webauthn} config={config}>
        {router(<Gate />)}
      </SessionProvider>
    </QueryClientProvider>
  );
}
