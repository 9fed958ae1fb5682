import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { CATALOG_TEXT } from '../catalog-texts';
import { aPage, aSeller, aTile, callsTo, stubCatalogApi, withStatus } from '../test/catalog-factories';

const seller = aSeller({
  id: 4,
  name: 'Megalong Knitwear',
  seller_url: 'megalong-knitwear',
  shop_url: 'megalong-knitwear',
});

describe('/sellerprofile/:sellerurl', () => {
  it('[ROUTE-11] [CART-10] fetches the seller and shows its banner, logo, name and description, then its tiles', async () => {
    const fetchMock = stubCatalogApi({
      sellerInformation: {
        status: true,
        seller,
        products: [
          aTile({ id: 30, name: 'Megalong Rib Beanie' }),
          aTile({ id: 31, name: 'Cloud Forest Beanie' }),
        ],
      },
    });
    const { container } = renderApp('/sellerprofile/megalong-knitwear');
    expect(await screen.findByRole('heading', { level: 1, name: 'Megalong Knitwear' })).toBeInTheDocument();
    expect(screen.getByText(seller.description)).toBeInTheDocument();
    expect(container.querySelector('.seller-header__banner img')).toHaveAttribute('src', seller.banner_image);
    expect(container.querySelector('.seller-header__logo img')).toHaveAttribute('src', seller.image);
    expect(screen.getByRole('link', { name: 'Megalong Rib Beanie' })).toHaveAttribute('href', '/product/30');
    expect(screen.getByRole('link', { name: 'Cloud Forest Beanie' })).toBeInTheDocument();
    expect(await screen.findByText('No More Products')).toBeInTheDocument();
    const asked = callsTo(fetchMock, 'sellerInformation');
    expect(asked.map((query) => [query.get('seller_url'), query.get('page')])).toEqual([
      ['megalong-knitwear', '1'],
    ]);
  });

  it('[ROUTE-11] [LIST-02] pages through the seller’s products with the same infinite list', async () => {
    const fetchMock = stubCatalogApi({
      sellerInformation: (query: URLSearchParams) => ({
        status: true,
        seller,
        products: query.get('page') === '1' ? aPage(1) : aPage(11, 3),
      }),
    });
    const { user } = renderApp('/sellerprofile/megalong-knitwear');
    await screen.findByRole('link', { name: 'Trucker Cap 10' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('No More Products')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(13);
    expect(callsTo(fetchMock, 'sellerInformation').map((query) => query.get('page'))).toEqual(['1', '2']);
  });

  it('[SHELL-18] the seller logo and the tiles’ supplier logos open the supplied-by popup with the description', async () => {
    const fetchMock = stubCatalogApi({
      sellerInformation: { status: true, seller, products: [aTile({ id: 30, name: 'Megalong Rib Beanie' })] },
    });
    const { user } = renderApp('/sellerprofile/megalong-knitwear');
    await screen.findByRole('heading', { level: 1, name: 'Megalong Knitwear' });
    const logos = screen.getAllByRole('button', { name: 'Supplied by Megalong Knitwear' });
    expect(logos).toHaveLength(2); // the header's and the tile's
    for (const logo of logos) {
      await user.click(logo);
      const popup = await screen.findByRole('dialog', { name: 'Supplied by Megalong Knitwear' });
      expect(popup).toHaveTextContent(seller.description);
      await user.click(within(popup).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    // The seller is already known here, so no extra call is made for the popup.
    expect(callsTo(fetchMock, 'seller')).toHaveLength(0);
  });

  it('[DATA-28] [DATA-29] [DATA-30] reads shop_url, supplied_by_image and popup_description when the others are missing', async () => {
    stubCatalogApi({
      sellerInformation: {
        status: true,
        seller: {
          id: 9,
          name: 'Bush Crafts',
          seller_url: '',
          shop_url: 'bush-crafts',
          image: '',
          supplied_by_image: '/media/sellers/bush-logo.svg',
          description: '',
          popup_description: 'Carved by hand in the Dandenongs.',
          banner_image: '/media/sellers/bush-banner.svg',
        },
        products: [],
      },
    });
    const { user, container } = renderApp('/sellerprofile/bush-crafts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bush Crafts' })).toBeInTheDocument();
    expect(screen.getByText('Carved by hand in the Dandenongs.')).toBeInTheDocument();
    expect(container.querySelector('.seller-header__logo img')).toHaveAttribute(
      'src',
      '/media/sellers/bush-logo.svg',
    );
    await user.click(screen.getByRole('button', { name: 'Supplied by Bush Crafts' }));
    const popup = await screen.findByRole('dialog', { name: 'Supplied by Bush Crafts' });
    expect(within(popup).getByRole('link', { name: 'Visit the shop' })).toHaveAttribute(
      'href',
      '/sellerprofile/bush-crafts',
    );
  });

  it('remembers the seller as the affiliate seller (DECISIONS.md "Catalogue, cart and orders")', async () => {
    stubCatalogApi({ sellerInformation: { status: true, seller, products: [] } });
    renderApp('/sellerprofile/megalong-knitwear');
    await screen.findByRole('heading', { level: 1, name: 'Megalong Knitwear' });
    await waitFor(() => expect(localStorage.getItem('affiliate_seller_id')).toBe('4'));
  });

  it('[I11-6] [CHKF-09] sent here by the checkout countdown, a polite status says the checkout timed out and the cart is saved', async () => {
    stubCatalogApi({ sellerInformation: { status: true, seller, products: [] } });
    const { router, user } = renderApp('/browse');
    await router.navigate('/sellerprofile/megalong-knitwear', { state: { checkoutTimedOut: true } });
    await screen.findByRole('heading', { level: 1, name: 'Megalong Knitwear' });
    const timeoutStatus = () =>
      screen
        .getAllByRole('status')
        .find((region) => region.textContent?.includes('Your checkout timed out — your cart is saved'));
    await waitFor(() => expect(timeoutStatus()).toBeDefined());
    // A status region is polite: read out after what the screen reader is saying, not over it.
    expect(timeoutStatus()).not.toHaveAttribute('aria-live', 'assertive');
    await user.click(screen.getByRole('button', { name: CATALOG_TEXT.viewCart }));
    expect(getAppState().popup).toBe('cart');
  });

  it('[I11-6] a visit that did not come from the checkout countdown shows no timeout notice', async () => {
    stubCatalogApi({ sellerInformation: { status: true, seller, products: [] } });
    renderApp('/sellerprofile/megalong-knitwear');
    await screen.findByRole('heading', { level: 1, name: 'Megalong Knitwear' });
    expect(screen.queryByText('Your checkout timed out — your cart is saved')).not.toBeInTheDocument();
  });

  it('an unknown seller says the page was not found', async () => {
    stubCatalogApi({
      sellerInformation: withStatus(404, { message: 'The seller does not exist.', code: 'NOT_FOUND' }),
    });
    renderApp('/sellerprofile/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('We could not find that seller.')).toBeInTheDocument();
    expect(localStorage.getItem('affiliate_seller_id')).toBeNull();
  });
  it('[I32] a suspended seller’s profile says it is not selling at the moment, lists nothing and is not the affiliate seller', async () => {
    stubCatalogApi({
      sellerInformation: { status: true, seller, products: [], selling: false, shipping_info: '' },
    });
    renderApp('/sellerprofile/megalong-knitwear');
    expect(await screen.findByRole('heading', { level: 1, name: 'Megalong Knitwear' })).toBeInTheDocument();
    expect(await screen.findByText('Megalong Knitwear is not selling at the moment.')).toBeInTheDocument();
    expect(screen.queryByText('No More Products')).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Delivery' })).not.toBeInTheDocument();
    expect(localStorage.getItem('affiliate_seller_id')).toBeNull();
  });

  it('[I32] the seller’s delivery words show under “Delivery” when it gave some', async () => {
    stubCatalogApi({
      sellerInformation: {
        status: true,
        seller,
        products: [aTile({ id: 30, name: 'Megalong Rib Beanie' })],
        selling: true,
        shipping_info: 'Posted within 2 days from Katoomba.',
      },
    });
    renderApp('/sellerprofile/megalong-knitwear');
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('Posted within 2 days from Katoomba.');
    expect(screen.getByRole('link', { name: 'Megalong Rib Beanie' })).toBeInTheDocument();
    expect(screen.queryByText(/is not selling at the moment/)).not.toBeInTheDocument();
  });
});
