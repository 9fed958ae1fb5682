// The back office: providers, the sign-in gate and the routes (React Router's declarative mode, as the
// shopper app). Until /me says the session is full, every address shows the sign-in screen and keeps its
// URL, so a link to an order opens that order after signing in.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AuditPage } from '../features/audit/audit-page';
import { AutomationsPage } from '../features/automations/automations-page';
import { EditCampaignPage, NewCampaignPage } from '../features/campaigns/campaign-editor';
import { CampaignPage } from '../features/campaigns/campaign-page';
import { CampaignsPage } from '../features/campaigns/campaigns-page';
import { ImportPage } from '../features/catalogue-import/import-page';
import { CustomerPage } from '../features/customers/customer-page';
import { GiftCardsPage } from '../features/gift-cards/gift-cards-page';
import { RedeemPage } from '../features/gift-cards/redeem-page';
import { InvoicesPage } from '../features/invoices/invoices-page';
import { MembersPage } from '../features/members/members-page';
import { OrderPage } from '../features/orders/order-page';
import { OrdersPage } from '../features/orders/orders-page';
import { BankAccountPage } from '../features/payouts/bank-account-page';
import { PayoutsPage } from '../features/payouts/payouts-page';
import { NewProductPage } from '../features/products/new-product-page';
import { ProductPage } from '../features/products/product-page';
import { ProductsPage } from '../features/products/products-page';
import { ReviewPage } from '../features/products/review-page';
import { SellerHomePage } from '../features/seller-home/home-page';
import { ProfilePage } from '../features/seller-profile/profile-page';
import { ApplicationsPage } from '../features/sellers/applications-page';
import { SellersPage } from '../features/sellers/sellers-page';
import { InvitePage } from '../features/sign-in/invite-page';
import { PasskeysPage } from '../features/sign-in/passkeys-page';
import { SignInPage } from '../features/sign-in/sign-in-page';
import { StaffPage } from '../features/staff/staff-page';
import { StatementPage } from '../features/statements/statement-page';
import { StatementsPage } from '../features/statements/statements-page';
import { SubscribersPage } from '../features/subscribers/subscribers-page';
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
  const { pathname } = useLocation();
  // [I32] An invite text's link signs its member in, whatever session this browser has.
  if (pathname.startsWith('/invite/')) return <InvitePage />;
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
        {/* [I34] A seller starts on its home screen; an operator on the orders. */}
        <Route index element={<Navigate to={operator ? '/orders' : '/home'} replace />} />
        {!operator && <Route path="home" element={<SellerHomePage />} />}
        {operator && <Route path="customers/:id" element={<CustomerPage />} />}
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:id" element={<OrderPage />} />
        <Route path="products" element={<ProductsPage />} />
        {/* [I32] A seller lists a new product, or imports a file; operators review what waits. */}
        <Route path="products/new" element={<NewProductPage />} />
        <Route path="products/import" element={<ImportPage />} />
        {operator && <Route path="products/review" element={<ReviewPage />} />}
        <Route path="products/:id" element={<ProductPage />} />
        {/* [I16] Operators get the gift card console; a seller's staff redeem their seller's cards. */}
        <Route path="gift-cards" element={operator ? <GiftCardsPage /> : <RedeemPage />} />
        <Route path="gift-cards/redeem" element={<RedeemPage />} />
        <Route path="statements" element={<StatementsPage />} />
        <Route path="statements/:id" element={<StatementPage />} />
        {operator && <Route path="payouts" element={<PayoutsPage />} />}
        {!operator && <Route path="bank-account" element={<BankAccountPage />} />}
        <Route path="invoices" element={<InvoicesPage />} />
        {/* [I29] Text campaigns and the subscribers they go to. */}
        <Route path="campaigns" element={<CampaignsPage />} />
        <Route path="campaigns/new" element={<NewCampaignPage />} />
        <Route path="campaigns/:id" element={<CampaignPage />} />
        <Route path="campaigns/:id/edit" element={<EditCampaignPage />} />
        {/* [I31] The texts that go by themselves. */}
        <Route path="automations" element={<AutomationsPage />} />
        <Route path="subscribers" element={<SubscribersPage />} />
        {operator && <Route path="audit" element={<AuditPage />} />}
        {/* [I32] Sellers and their applications, members (operators); staff; the seller's own profile. */}
        {operator && <Route path="sellers" element={<SellersPage />} />}
        {operator && <Route path="sellers/applications" element={<ApplicationsPage />} />}
        {operator && <Route path="members" element={<MembersPage />} />}
        <Route path="staff" element={<StaffPage />} />
        {!operator && <Route path="profile" element={<ProfilePage />} />}
        <Route path="passkeys" element={<PasskeysPage />} />
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
