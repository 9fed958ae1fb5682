// Every route of SPEC.md §2. Screens load lazily, so the first visit downloads the shell and the one
// screen it needs. `routes` is exported so tests run the real routing in a memory router.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HydrateFallback, RootLayout } from './layout/root-layout';
import { AccountGuard } from './routes/account-guard';
import { HomeRedirect } from './routes/home-redirect';
import { NotFoundPage } from './routes/not-found-page';
import { RootError, RouteError } from './routes/route-error';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RootError />,
    HydrateFallback,
    children: [
      {
        // Errors of a screen render inside the shell, so the menu still works.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRedirect /> },
          {
            path: 'browse',
            lazy: () =>
              import('../features/catalog/routes/browse-page').then((m) => ({ Component: m.BrowsePage })),
          },
          {
            path: 'category/:id',
            lazy: () =>
              import('../features/catalog/routes/category-page').then((m) => ({ Component: m.CategoryPage })),
          },
          {
            path: 'product/:id',
            lazy: () =>
              import('../features/catalog/routes/product-page').then((m) => ({ Component: m.ProductPage })),
          },
          {
            path: 'updateproduct/:id',
            lazy: () =>
              import('./routes/update-product-page').then((m) => ({
                Component: m.UpdateProductPage,
              })),
          },
          {
            path: 'sellerprofile/:sellerurl',
            lazy: () =>
              import('../features/catalog/routes/seller-profile-page').then((m) => ({
                Component: m.SellerProfilePage,
              })),
          },
          {
            path: 'register',
            lazy: () =>
              import('../features/auth/routes/register-page').then((m) => ({ Component: m.RegisterPage })),
          },
          {
            path: 'signin',
            lazy: () =>
              import('../features/auth/routes/signin-page').then((m) => ({ Component: m.SignInPage })),
          },
          {
            path: 'autologin/:jwt',
            lazy: () =>
              import('../features/auth/routes/autologin-page').then((m) => ({ Component: m.AutologinPage })),
          },
          {
            path: 'expiredlink',
            lazy: () =>
              import('../features/auth/routes/expired-link-page').then((m) => ({
                Component: m.ExpiredLinkPage,
              })),
          },
          {
            path: 'checkout',
            lazy: () =>
              import('../features/checkout/routes/checkout-page').then((m) => ({
                Component: m.CheckoutPage,
              })),
          },
          {
            path: 'success',
            lazy: () =>
              import('../features/checkout/routes/success-page').then((m) => ({ Component: m.SuccessPage })),
          },
          {
            // [ROUTE-36, ROUTE-37] One guard for every account page.
            path: 'account',
            element: <AccountGuard />,
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/account/routes/account-page').then((m) => ({
                    Component: m.AccountPage,
                  })),
              },
              {
                path: 'addressinformation',
                lazy: () =>
                  import('../features/account/routes/address-information-page').then((m) => ({
                    Component: m.AddressInformationPage,
                  })),
              },
              {
                path: 'addaddress',
                lazy: () =>
                  import('../features/account/routes/add-address-page').then((m) => ({
                    Component: m.AddAddressPage,
                  })),
              },
              {
                path: 'personaldetails',
                lazy: () =>
                  import('../features/account/routes/personal-details-page').then((m) => ({
                    Component: m.PersonalDetailsPage,
                  })),
              },
              {
                path: 'savedcards',
                lazy: () =>
                  import('./routes/saved-cards-page').then((m) => ({
                    Component: m.SavedCardsPage,
                  })),
              },
              {
                path: 'orders',
                lazy: () =>
                  import('../features/account/routes/orders-page').then((m) => ({ Component: m.OrdersPage })),
              },
              {
                path: 'order/:id',
                lazy: () =>
                  import('../features/account/routes/order-page').then((m) => ({ Component: m.OrderPage })),
              },
            ],
          },
          {
            path: 'giftcard/add/:productid/:configurableproductsku/:cartid/:cartitemid',
            lazy: () =>
              import('../features/giftcards/routes/gift-card-add-page').then((m) => ({
                Component: m.GiftCardAddPage,
              })),
          },
          {
            path: 'giftcard/edit/:giftcarddetailsid',
            lazy: () =>
              import('../features/giftcards/routes/gift-card-edit-page').then((m) => ({
                Component: m.GiftCardEditPage,
              })),
          },
          {
            path: 'giftcard/sendnoworschedule/:giftcarddetailsid',
            lazy: () =>
              import('../features/giftcards/routes/send-now-or-schedule-page').then((m) => ({
                Component: m.SendNowOrSchedulePage,
              })),
          },
          {
            path: 'giftcard/schedule/:giftcarddetailsid',
            lazy: () =>
              import('../features/giftcards/routes/schedule-page').then((m) => ({
                Component: m.SchedulePage,
              })),
          },
          {
            path: 'giftcard/mmstemplates/:giftcarddetailsid',
            lazy: () =>
              import('../features/giftcards/routes/mms-templates-page').then((m) => ({
                Component: m.MmsTemplatesPage,
              })),
          },
          {
            path: 'terms',
            lazy: () =>
              import('../features/legal/routes/terms-page').then((m) => ({ Component: m.TermsPage })),
          },
          {
            path: 'privacy',
            lazy: () =>
              import('../features/legal/routes/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
          },
          { path: '404', element: <NotFoundPage /> },
          // [ROUTE-35] Any unknown path ends on /404.
          { path: '*', element: <Navigate to="/404" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
