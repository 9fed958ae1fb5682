// Every route of SPEC.md §2, in React Router's declarative mode (`useRoutes` under <BrowserRouter> in
// the browser, <StaticRouter> on the server): nothing here needs the data router's loaders or actions,
// and leaving it out keeps ~17 KB (gzip) off the first load. Screens load lazily (`screen`), so the
// first visit downloads the shell and the one screen it needs. `routes` is exported so tests run the
// real routing in a memory router.
import { Navigate, Outlet, type RouteObject, useRoutes } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { screen } from './lazy-screen';
import { HomeRedirect } from './routes/home-redirect';
import { RootError, RouteError, RouteErrorBoundary } from './routes/route-error';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary fallback={<RootError />}>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // Errors of a screen render inside the shell, so the menu still works.
        element: (
          <RouteErrorBoundary fallback={<RouteError />}>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <HomeRedirect /> },
          {
            path: 'browse',
            ...screen(() => import('../features/catalog/routes/browse-page').then((m) => m.BrowsePage)),
          },
          {
            // [I33] The results of a search (docs/search.md).
            path: 'search',
            ...screen(() => import('../features/search/routes/search-page').then((m) => m.SearchPage)),
          },
          {
            path: 'category/:id',
            ...screen(() => import('../features/catalog/routes/category-page').then((m) => m.CategoryPage)),
          },
          {
            path: 'product/:id',
            ...screen(() => import('../features/catalog/routes/product-page').then((m) => m.ProductPage)),
          },
          {
            path: 'updateproduct/:id',
            ...screen(() => import('./routes/update-product-page').then((m) => m.UpdateProductPage)),
          },
          {
            path: 'sellerprofile/:sellerurl',
            ...screen(() =>
              import('../features/catalog/routes/seller-profile-page').then((m) => m.SellerProfilePage),
            ),
          },
          {
            path: 'register',
            ...screen(() => import('../features/auth/routes/register-page').then((m) => m.RegisterPage)),
          },
          {
            path: 'signin',
            ...screen(() => import('../features/auth/routes/signin-page').then((m) => m.SignInPage)),
          },
          {
            path: 'autologin/:jwt',
            ...screen(() => import('../features/auth/routes/autologin-page').then((m) => m.AutologinPage)),
          },
          {
            path: 'expiredlink',
            ...screen(() =>
              import('../features/auth/routes/expired-link-page').then((m) => m.ExpiredLinkPage),
            ),
          },
          {
            path: 'checkout',
            ...screen(() => import('../features/checkout/routes/checkout-page').then((m) => m.CheckoutPage)),
          },
          {
            path: 'success',
            ...screen(() => import('../features/checkout/routes/success-page').then((m) => m.SuccessPage)),
          },
          {
            // [ROUTE-36, ROUTE-37] One guard for every account page.
            path: 'account',
            ...screen(() => import('./routes/account-guard').then((m) => m.AccountGuard)),
            children: [
              {
                index: true,
                ...screen(() => import('../features/account/routes/account-page').then((m) => m.AccountPage)),
              },
              {
                path: 'addressinformation',
                ...screen(() =>
                  import('../features/account/routes/address-information-page').then(
                    (m) => m.AddressInformationPage,
                  ),
                ),
              },
              {
                path: 'addaddress',
                ...screen(() =>
                  import('../features/account/routes/add-address-page').then((m) => m.AddAddressPage),
                ),
              },
              {
                path: 'personaldetails',
                ...screen(() =>
                  import('../features/account/routes/personal-details-page').then(
                    (m) => m.PersonalDetailsPage,
                  ),
                ),
              },
              {
                path: 'savedcards',
                ...screen(() => import('./routes/saved-cards-page').then((m) => m.SavedCardsPage)),
              },
              {
                path: 'orders',
                ...screen(() => import('../features/account/routes/orders-page').then((m) => m.OrdersPage)),
              },
              {
                path: 'order/:id',
                ...screen(() => import('../features/account/routes/order-page').then((m) => m.OrderPage)),
              },
              {
                // [I29] My Account › Text offers: which sellers may text the member offers.
                path: 'textoffers',
                ...screen(() =>
                  import('../features/account/routes/text-offers-page').then((m) => m.TextOffersPage),
                ),
              },
            ],
          },
          {
            path: 'giftcard/add/:productid/:configurableproductsku/:cartid/:cartitemid',
            ...screen(() =>
              import('../features/giftcards/routes/gift-card-add-page').then((m) => m.GiftCardAddPage),
            ),
          },
          {
            path: 'giftcard/edit/:giftcarddetailsid',
            ...screen(() =>
              import('../features/giftcards/routes/gift-card-edit-page').then((m) => m.GiftCardEditPage),
            ),
          },
          {
            path: 'giftcard/sendnoworschedule/:giftcarddetailsid',
            ...screen(() =>
              import('../features/giftcards/routes/send-now-or-schedule-page').then(
                (m) => m.SendNowOrSchedulePage,
              ),
            ),
          },
          {
            path: 'giftcard/schedule/:giftcarddetailsid',
            ...screen(() => import('../features/giftcards/routes/schedule-page').then((m) => m.SchedulePage)),
          },
          {
            path: 'giftcard/mmstemplates/:giftcarddetailsid',
            ...screen(() =>
              import('../features/giftcards/routes/mms-templates-page').then((m) => m.MmsTemplatesPage),
            ),
          },
          {
            path: 'terms',
            ...screen(() => import('../features/legal/routes/terms-page').then((m) => m.TermsPage)),
          },
          {
            // [I32] "Sell with us": applying to sell (docs/sellers.md).
            path: 'sell',
            ...screen(() => import('../features/sell/routes/sell-page').then((m) => m.SellPage)),
          },
          {
            path: 'privacy',
            ...screen(() => import('../features/legal/routes/privacy-page').then((m) => m.PrivacyPage)),
          },
          { path: '404', ...screen(() => import('./routes/not-found-page').then((m) => m.NotFoundPage)) },
          // [ROUTE-35] Any unknown path ends on /404.
          { path: '*', element: <Navigate to="/404" replace /> },
        ],
      },
    ],
  },
];

/** The screen at the router's location (inside <BrowserRouter>, <StaticRouter> or <MemoryRouter>). */
export function AppRoutes() {
  return useRoutes(routes);
}
