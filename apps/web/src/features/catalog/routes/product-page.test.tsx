import type { Product } from '@quokka/contract/api/catalog';
import { OPTION_ID } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { getAppState, signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import type { AddToCartRequest } from '../../cart/public';
import { CATALOG_TEXT } from '../catalog-texts';
import {
  aConfigurableProduct,
  aGiftCardProduct,
  aSimpleProduct,
  stubCatalogApi,
  TEE,
  withStatus,
} from '../test/catalog-factories';
import { ProductPage } from './product-page';

function showProduct(product: Product, path = `/product/${product.id}`) {
  const fetchMock = stubCatalogApi({ product, categories: [] });
  return { ...renderApp(path), fetchMock };
}

/** The product page outside the app's routes, as the cart work mounts it (mode and hook). */
function renderProductPage(product: Product, props: Parameters<typeof ProductPage>[0]) {
  stubCatalogApi({ product });
  const router = createMemoryRouter([{ path: '/updateproduct/:id', element: <ProductPage {...props} /> }], {
    initialEntries: [`/updateproduct/${product.id}`],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user: userEvent.setup() };
}

const NAVY_PICTURE = '/media/products/tee-navy-main.svg';
const WHITE_PICTURE = '/media/products/tee-salt-white-main.svg';

/** The tee with a picture per colour on its children, Navy's being the main picture. */
function teeWithColourPictures(): Product {
  const tee = aConfigurableProduct();
  const images = [NAVY_PICTURE, ...tee.images.slice(1)];
  return aConfigurableProduct({
    image: NAVY_PICTURE,
    images,
    configurable_products: tee.configurable_products.map((child) => ({
      ...child,
      image: child.options.color === TEE.NAVY ? NAVY_PICTURE : WHITE_PICTURE,
    })),
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const colour = (name: string) => within(group('Color')).getByRole('button', { name });
const size = (name: string) => within(group('Size')).getByRole('button', { name });
const plus = () => screen.getByRole('button', { name: 'Increase quantity' });
const minus = () => screen.getByRole('button', { name: 'Decrease quantity' });
const quantity = () => within(group('Quantity')).getByRole('status');

function group(name: string): HTMLElement {
  return screen.getByRole('group', { name: new RegExp(`^${name}`) });
}

describe('/product/:id', () => {
  it('[ROUTE-09] [PDP-04] [PDP-06] [PDP-13] shows the name, sku, price and description of that product', async () => {
    const { fetchMock } = showProduct(aSimpleProduct());
    expect(await heading('Saltline Trucker Cap')).toBeInTheDocument();
    expect(screen.getByText('SL-SALTLINE-TRUCKER-CAP')).toBeInTheDocument();
    expect(screen.getByText('$35.00')).toBeInTheDocument();
    expect(screen.getByText(/A five-panel cap with a mesh back/)).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(
      asked.some((url) => url.pathname.endsWith('/product') && url.searchParams.get('product_id') === '14'),
    ).toBe(true);
  });

  it('[PDP-01] the header shows the seller name on the product page, and the store name again after leaving', async () => {
    const { router } = showProduct(aSimpleProduct());
    await heading('Saltline Trucker Cap');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Saltline Surf Co.' })).toBeInTheDocument();
    await router.navigate('/404');
    await waitFor(() => expect(within(banner).getByRole('link', { name: 'Quokka' })).toBeInTheDocument());
  });

  it('[PDP-03] shows a main picture and three secondary ones; tapping a secondary makes it the main one', async () => {
    const product = aSimpleProduct();
    const { user } = showProduct(product);
    const main = await screen.findByRole('img', { name: 'Saltline Trucker Cap' });
    expect(main).toHaveAttribute('src', '/media/products/cap-main.svg');
    const thumbs = within(screen.getByRole('list', { name: 'Product images' })).getAllByRole('button');
    expect(thumbs).toHaveLength(3);
    await user.click(thumbs[1] as HTMLElement);
    expect(screen.getByRole('img', { name: 'Saltline Trucker Cap' })).toHaveAttribute(
      'src',
      '/media/products/cap-lifestyle.svg',
    );
    // The picture that was main is now a secondary one, so all four stay one tap away.
    const sources = within(screen.getByRole('list', { name: 'Product images' }))
      .getAllByRole('button')
      .map((button) => button.querySelector('img')?.getAttribute('src'));
    expect(sources).toEqual([
      '/media/products/cap-detail.svg',
      '/media/products/cap-main.svg',
      '/media/products/cap-flatlay.svg',
    ]);
  });

  it('[DATA-27] reads the picture from image when a reply has no images list', async () => {
    showProduct(aSimpleProduct({ images: [], image: '/media/products/only.svg' }));
    expect(await screen.findByRole('img', { name: 'Saltline Trucker Cap' })).toHaveAttribute(
      'src',
      '/media/products/only.svg',
    );
  });

  it('[PDP-05] says In Stock when there is stock', async () => {
    showProduct(aSimpleProduct());
    await heading('Saltline Trucker Cap');
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    expect(screen.queryByText('Out of Stock')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('[PDP-05] [ERR-16] an out-of-stock product says Out of Stock and cannot be added', async () => {
    showProduct(aSimpleProduct({ qty: 0 }));
    await heading('Saltline Trucker Cap');
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    expect(screen.queryByText('In Stock')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('[PDP-07] a simple product shows no swatches and no gift card price dropdown', async () => {
    showProduct(aSimpleProduct());
    await heading('Saltline Trucker Cap');
    expect(screen.queryByRole('group', { name: /^Color/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Size/ })).not.toBeInTheDocument();
    // [I33] The header's search field is a combobox: the page itself (main) has no dropdown.
    expect(within(screen.getByRole('main')).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('[PDP-07] [DATA-24] a configurable tee shows colour swatches and size swatches from its options, and no dropdown', async () => {
    showProduct(aConfigurableProduct());
    await heading('Cottesloe Crew Tee');
    expect(
      within(group('Color'))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Navy', 'Salt White']);
    expect(colour('Navy')).toHaveAttribute('aria-pressed', 'false');
    expect(
      within(group('Size'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['S', 'M', 'L']);
    // [I33] The header's search field is a combobox: the page itself (main) has no dropdown.
    expect(within(screen.getByRole('main')).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('[PDP-07] [PDP-12] a gift card shows the price dropdown, no swatches, and a Buy Now button', async () => {
    showProduct(aGiftCardProduct());
    await heading('Saltline Gift Card');
    const select = screen.getByRole('combobox', { name: 'Gift Card Price' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an amount', '$25', '$50']);
    expect(screen.queryByRole('group', { name: /^Color/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });

  it('[VAL-37] [DATA-25] sizes with no in-stock child in the chosen colour cannot be chosen', async () => {
    const { user } = showProduct(aConfigurableProduct());
    await heading('Cottesloe Crew Tee');
    await user.click(colour('Navy'));
    expect(colour('Navy')).toHaveAttribute('aria-pressed', 'true');
    expect(size('M')).toBeDisabled();
    expect(size('S')).toBeEnabled();
    expect(size('L')).toBeEnabled();
    await user.click(colour('Salt White'));
    expect(size('S')).toBeDisabled();
    expect(size('M')).toBeEnabled();
  });

  it('[VAL-38] changing colour clears a size the new colour lacks, and keeps one it has', async () => {
    const { user } = showProduct(aConfigurableProduct());
    await heading('Cottesloe Crew Tee');
    await user.click(colour('Navy'));
    await user.click(size('S'));
    expect(size('S')).toHaveAttribute('aria-pressed', 'true');
    await user.click(colour('Salt White'));
    expect(size('S')).toHaveAttribute('aria-pressed', 'false');
    expect(within(group('Size')).queryByRole('button', { pressed: true })).not.toBeInTheDocument();

    await user.click(size('L'));
    await user.click(colour('Navy'));
    expect(size('L')).toHaveAttribute('aria-pressed', 'true');
  });

  it('[PDP-06] the price is From $x until the options are chosen, then the chosen child’s price', async () => {
    const { user } = showProduct(aConfigurableProduct());
    await heading('Cottesloe Crew Tee');
    expect(screen.getByText('From $45.00')).toBeInTheDocument();
    await user.click(colour('Navy'));
    await user.click(size('L'));
    expect(screen.getByText('$49.00')).toBeInTheDocument();
    expect(screen.getByText('SL-TEE-NAVY-L')).toBeInTheDocument();
  });

  it('[PDP-08] [VAL-39] the quantity starts at 1 and minus stops there', async () => {
    const { user } = showProduct(aSimpleProduct());
    await heading('Saltline Trucker Cap');
    expect(quantity()).toHaveTextContent('1');
    expect(minus()).toBeDisabled();
    await user.click(plus());
    expect(quantity()).toHaveTextContent('2');
    expect(minus()).toBeEnabled();
    await user.click(minus());
    expect(quantity()).toHaveTextContent('1');
    expect(minus()).toBeDisabled();
  });

  it('[PDP-09] [VAL-40] plus stops at the stock quantity of the product', async () => {
    const { user } = showProduct(aSimpleProduct({ qty: 3 }));
    await heading('Saltline Trucker Cap');
    await user.click(plus());
    await user.click(plus());
    expect(quantity()).toHaveTextContent('3');
    expect(plus()).toBeDisabled();
  });

  it('[PDP-09] [VAL-40] with options chosen, plus stops at the chosen child’s stock, and a smaller stock lowers the quantity', async () => {
    const { user } = showProduct(aConfigurableProduct());
    await heading('Cottesloe Crew Tee');
    await user.click(colour('Salt White'));
    await user.click(size('L')); // 6 in stock
    for (let step = 0; step < 5; step += 1) await user.click(plus());
    expect(quantity()).toHaveTextContent('6');
    expect(plus()).toBeDisabled();
    await user.click(colour('Navy')); // Navy L: 2 in stock
    expect(quantity()).toHaveTextContent('2');
    expect(plus()).toBeDisabled();
  });

  it('[PDP-10] the button reads Add to Cart', async () => {
    showProduct(aConfigurableProduct());
    await heading('Cottesloe Crew Tee');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('[VAL-34] [VAL-35] Add to Cart without a colour and a size shows both messages beside the options', async () => {
    const { user } = showProduct(aConfigurableProduct());
    await heading('Cottesloe Crew Tee');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(within(group('Color')).getByText('You must select a color')).toBeInTheDocument();
    expect(within(group('Size')).getByText('You must select a size')).toBeInTheDocument();
    expect(getAppState().popup).toBeNull();
    await user.click(colour('Navy'));
    expect(screen.queryByText('You must select a color')).not.toBeInTheDocument();
    expect(screen.getByText('You must select a size')).toBeInTheDocument();
  });

  it('[VAL-36] Buy Now without a gift card price shows its message', async () => {
    const { user } = showProduct(aGiftCardProduct());
    await heading('Saltline Gift Card');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByText('You must select a Gift Card price')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Gift Card Price' })).toHaveAttribute('aria-invalid', 'true');
    expect(getAppState().popup).toBeNull();
  });

  it('[ROLE-02] signed out, Add to Cart with the options chosen opens the mobile verification popup', async () => {
    const { user } = showProduct(aConfigurableProduct());
    await heading('Cottesloe Crew Tee');
    await user.click(colour('Navy'));
    await user.click(size('S'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(getAppState().popup).toBe('mobile');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('[ROLE-03] signed out, Buy Now with an amount chosen opens the mobile verification popup', async () => {
    const { user } = showProduct(aGiftCardProduct());
    await heading('Saltline Gift Card');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gift Card Price' }), '$50');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(getAppState().popup).toBe('mobile');
  });

  it('[PDP-11] editing a cart line, the button reads Update Cart and hands the choice to the cart', async () => {
    signIn('tok');
    const onAddToCart = vi.fn<(request: AddToCartRequest) => void>();
    const { user } = renderProductPage(aConfigurableProduct(), { mode: 'update', onAddToCart });
    await heading('Cottesloe Crew Tee');
    await user.click(colour('Salt White'));
    await user.click(size('M'));
    await user.click(plus());
    await user.click(screen.getByRole('button', { name: 'Update Cart' }));
    expect(onAddToCart).toHaveBeenCalledTimes(1);
    const request = onAddToCart.mock.calls[0]?.[0];
    expect(request?.sku).toBe('SL-TEE-WHITE-M');
    expect(request?.qty).toBe(2);
    expect(request?.options).toEqual([
      {
        attribute_code: 'color',
        option_id: OPTION_ID.color,
        option_value: TEE.WHITE,
        option_title: 'Salt White',
      },
      { attribute_code: 'size', option_id: OPTION_ID.size, option_value: TEE.M, option_title: 'M' },
    ]);
    expect(request?.giftCardPrice).toBeNull();
  });

  it('[I11-17] [PDP-07] picking a colour shows that colour’s picture as the main one, named with the colour', async () => {
    const { user } = showProduct(teeWithColourPictures());
    const main = await screen.findByRole('img', { name: 'Cottesloe Crew Tee' });
    expect(main).toHaveAttribute('src', NAVY_PICTURE);
    await user.click(colour('Salt White'));
    expect(await screen.findByRole('img', { name: 'Cottesloe Crew Tee, Salt White' })).toHaveAttribute(
      'src',
      WHITE_PICTURE,
    );
    // The close-ups stay: only the main picture follows the colour.
    const thumbs = screen.getByRole('list', { name: 'Product images' }).querySelectorAll('img');
    expect([...thumbs].map((img) => img.getAttribute('src'))).toEqual(
      teeWithColourPictures().images.slice(1),
    );
    await user.click(colour('Navy'));
    expect(await screen.findByRole('img', { name: 'Cottesloe Crew Tee, Navy' })).toHaveAttribute(
      'src',
      NAVY_PICTURE,
    );
  });

  it('[I11-17] [CART-01] Add to Cart hands the cart the product pictured in the chosen colour', async () => {
    signIn('tok');
    const onAddToCart = vi.fn<(request: AddToCartRequest) => void>();
    const { user } = renderProductPage(teeWithColourPictures(), { onAddToCart });
    await heading('Cottesloe Crew Tee');
    await user.click(colour('Salt White'));
    await user.click(size('M'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const request = onAddToCart.mock.calls[0]?.[0];
    expect(request?.product.image).toBe(WHITE_PICTURE);
    expect(request?.product.images[0]).toBe(WHITE_PICTURE);
    expect(request?.product.id).toBe(1);
    expect(request?.sku).toBe('SL-TEE-WHITE-M');
  });

  it('[I11-17] a product without colour pictures keeps its own main picture whatever the colour', async () => {
    const { user } = showProduct(aConfigurableProduct());
    await heading('Cottesloe Crew Tee');
    await user.click(colour('Salt White'));
    expect(screen.getByRole('img', { name: 'Cottesloe Crew Tee' })).toHaveAttribute(
      'src',
      aConfigurableProduct().images[0],
    );
  });

  it('[DATA-26] the gift card price handed to the cart is the option title of the chosen sku', async () => {
    signIn('tok');
    const onAddToCart = vi.fn<(request: AddToCartRequest) => void>();
    const { user } = renderProductPage(aGiftCardProduct(), { onAddToCart });
    await heading('Saltline Gift Card');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gift Card Price' }), '$50');
    expect(screen.getByText('$50.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    const request = onAddToCart.mock.calls[0]?.[0];
    expect(request?.sku).toBe('SL-GIFT-CARD-50');
    expect(request?.giftCardPrice).toBe('$50');
    expect(request?.options[0]?.option_id).toBe(OPTION_ID.gift_card_price);
    expect(getAppState().popup).toBeNull();
  });

  it('[PDP-14] shows the seller image linking to the seller profile', async () => {
    showProduct(aSimpleProduct());
    await heading('Saltline Trucker Cap');
    const link = within(screen.getByRole('main')).getByRole('link', { name: /Saltline Surf Co\./ });
    expect(link).toHaveAttribute('href', '/sellerprofile/saltline-surf-co');
    expect(within(link).getByRole('img', { name: 'Saltline Surf Co.' })).toHaveAttribute(
      'src',
      '/media/sellers/saltline-logo.svg',
    );
  });

  it('[PDP-15] [PDP-16] [PDP-17] collapsible tabs: shipping info with two rows, the sizing chart, the FAQ', async () => {
    const { user, container } = showProduct(aConfigurableProduct());
    await heading('Cottesloe Crew Tee');
    const tabs = [...container.querySelectorAll('details')];
    expect(tabs.map((tab) => tab.querySelector('summary')?.textContent)).toEqual([
      'Shipping Info',
      'Sizing Chart',
      'FAQ',
    ]);
    expect(tabs.every((tab) => !tab.open)).toBe(true);

    await user.click(screen.getByText('Shipping Info'));
    const shipping = tabs[0] as HTMLDetailsElement;
    expect(shipping.open).toBe(true);
    const rows = shipping.querySelectorAll('.tabs__row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Delivery');
    expect(rows[1]).toHaveTextContent('Returns');

    await user.click(screen.getByText('Sizing Chart'));
    expect(screen.getByRole('img', { name: 'Sizing Chart: Cottesloe Crew Tee' })).toHaveAttribute(
      'src',
      '/media/charts/tops.svg',
    );

    await user.click(screen.getByText('FAQ'));
    const faq = tabs[2] as HTMLDetailsElement;
    expect(within(faq).getByText('Is it one size?')).toBeInTheDocument();
    expect(within(faq).getByText('Yes, the strap fits 56 to 61 cm.')).toBeInTheDocument();
  });

  it('[PDP-16] there is no sizing chart tab when the product has no chart', async () => {
    showProduct(aSimpleProduct());
    await heading('Saltline Trucker Cap');
    expect(screen.queryByText('Sizing Chart')).not.toBeInTheDocument();
    expect(screen.getByText('FAQ')).toBeInTheDocument();
  });

  it('[ERR-04] [PDP-02] [ERR-15] a product that does not exist opens the popup and the page says No Product.', async () => {
    stubCatalogApi({ product: { status: false, not_exists: true } });
    renderApp('/product/99999');
    const popup = await screen.findByRole('dialog', { name: "Product doesn't exist." });
    expect(popup).toHaveTextContent('The selected product does not exist.');
    expect(screen.getByText('No Product.')).toBeInTheDocument();
  });

  it('[PDP-02] [ERR-15] No Product. when the product cannot be loaded, and not while it is loading', async () => {
    // Only the product call is held; anything else the shell asks for answers at once.
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('/product?')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(withStatus(404, { message: 'Not found' })),
      ),
    );
    const { container } = renderApp('/product/14');
    await waitFor(() => expect(container.querySelector('.pdp--skeleton')).toBeInTheDocument());
    expect(screen.queryByText('No Product.')).not.toBeInTheDocument();
    answer(withStatus(400, { message: 'Invalid product_id' }));
    expect(await screen.findByText('No Product.')).toBeInTheDocument();
    expect(container.querySelector('.pdp--skeleton')).not.toBeInTheDocument();
  });

  it('[I11-10] [ERR-02] a server fault on the product call offers Try again, not No Product., even after the popup closes', async () => {
    let failing = true;
    stubCatalogApi({
      product: () => (failing ? withStatus(500, { message: 'Internal Server Error' }) : aSimpleProduct()),
    });
    const { user } = renderApp('/product/14');
    const popup = await screen.findByRole('dialog', { name: MSG.unexpectedErrorTitle });
    await user.click(within(popup).getAllByRole('button', { name: MSG.close })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await heading(CATALOG_TEXT.productLoadFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(CATALOG_TEXT.productLoadFailedServer)).toBeInTheDocument();
    expect(screen.queryByText(MSG.noProduct)).not.toBeInTheDocument();

    failing = false;
    await user.click(screen.getByRole('button', { name: MSG.tryAgain }));
    expect(await heading('Saltline Trucker Cap')).toBeInTheDocument();
  });

  it('[I11-10] [ERR-01] with no reply at all the page says to check the connection and offers Try again', async () => {
    let offline = true;
    const fetchMock = stubCatalogApi({ product: aSimpleProduct() });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (offline && String(input).includes('/product?')) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    const { user } = renderApp('/product/14');
    const popup = await screen.findByRole('dialog', { name: MSG.offlineTitle });
    await user.click(within(popup).getByRole('button', { name: MSG.close }));
    expect(await screen.findByText(CATALOG_TEXT.productLoadFailedOffline)).toBeInTheDocument();
    expect(screen.queryByText(MSG.noProduct)).not.toBeInTheDocument();

    offline = false;
    await user.click(screen.getByRole('button', { name: MSG.tryAgain }));
    expect(await heading('Saltline Trucker Cap')).toBeInTheDocument();
  });

  it('[PDP-02] a route id that is not a product id shows No Product. without asking the server', async () => {
    const fetchMock = stubCatalogApi({ product: aSimpleProduct() });
    renderApp('/product/not-a-number');
    expect(await screen.findByText('No Product.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/product?'))).toBe(false);
  });
});
