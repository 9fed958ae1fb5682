import { GIFT_CARD_TILE_RATIO, PRODUCT_TILE_RATIO } from '@quokka/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState, signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { aSeller, aTile, callsTo, stubCatalogApi } from '../test/catalog-factories';

const tee = aTile({
  id: 1,
  name: 'Cottesloe Crew Tee',
  type_id: 'configurable',
  price: 45,
  short_desc: 'Handmade ceramic mugs glazed',
});
const cap = aTile({ id: 14, name: 'Saltline Trucker Cap', price: 35.5, short_desc: 'Mesh back' });
const giftCard = aTile({
  id: 153,
  name: 'Saltline Gift Card',
  type_id: 'configurable',
  is_giftcard: true,
  price: 25,
});
const soldOutCap = aTile({ id: 16, name: 'Corduroy Surf Cap', qty: 0 });
const oversoldMug = aTile({ id: 20, name: 'Oversold Mug', qty: -2 });
const bigThrow = aTile({ id: 38, name: 'Valley Mist Merino Throw', price: 1189 });

function showTiles() {
  const fetchMock = stubCatalogApi({
    browseProducts: { data: [tee, cap, giftCard, soldOutCap, oversoldMug, bigThrow] },
    seller: { status: true, seller: aSeller() },
  });
  return { ...renderApp('/browse'), fetchMock };
}

async function tile(name: string): Promise<HTMLElement> {
  const link = await screen.findByRole('link', { name });
  const card = link.closest('article');
  if (!card) throw new Error(`no tile for ${name}`);
  return card;
}

describe('product tile', () => {
  it('[TILE-01] shows the image, the name and the price', async () => {
    showTiles();
    const card = await tile('Saltline Trucker Cap');
    expect(card.querySelector('img')).toHaveAttribute('src', cap.image);
    expect(within(card).getByRole('heading', { name: 'Saltline Trucker Cap' })).toBeInTheDocument();
    expect(card).toHaveTextContent('$35.50');
  });

  it('[I11-16] tile names are level-2 headings, straight under the page’s h1 (no skipped level)', async () => {
    showTiles();
    await screen.findByRole('heading', { level: 1, name: 'Browse Products' });
    const names = await screen.findAllByRole('heading', { level: 2 });
    expect(names.map((heading) => heading.textContent)).toContain('Cottesloe Crew Tee');
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
  });

  it('[TILE-02] [CONST-06] a configurable product reads From $x with 2 decimals', async () => {
    showTiles();
    expect(within(await tile('Cottesloe Crew Tee')).getByText('From $45.00')).toBeInTheDocument();
  });

  it('[TILE-03] [CONST-06] other products read $x, in dollars with 2 decimals', async () => {
    showTiles();
    expect(within(await tile('Saltline Trucker Cap')).getByText('$35.50')).toBeInTheDocument();
    expect(within(await tile('Valley Mist Merino Throw')).getByText('$1,189.00')).toBeInTheDocument();
    expect(within(await tile('Saltline Trucker Cap')).queryByText(/From/)).not.toBeInTheDocument();
  });

  it('[TILE-04] [TILE-05] the button is Add To Cart, and Buy Now for gift cards', async () => {
    showTiles();
    expect(
      within(await tile('Saltline Trucker Cap')).getByRole('button', { name: 'Add To Cart' }),
    ).toBeEnabled();
    expect(
      within(await tile('Cottesloe Crew Tee')).getByRole('button', { name: 'Add To Cart' }),
    ).toBeEnabled();
    const gift = await tile('Saltline Gift Card');
    expect(within(gift).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(within(gift).queryByRole('button', { name: 'Add To Cart' })).not.toBeInTheDocument();
  });

  it('[TILE-06] [ERR-16] Out of Stock replaces the button when the quantity is 0 or less', async () => {
    showTiles();
    for (const name of ['Corduroy Surf Cap', 'Oversold Mug']) {
      const card = await tile(name);
      expect(within(card).getByText('Out of Stock')).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /Add To Cart|Buy Now/ })).not.toBeInTheDocument();
    }
  });

  it('[TILE-07] [CONST-07] the short description is cut to 20 characters plus an ellipsis', async () => {
    showTiles();
    const teeCard = await tile('Cottesloe Crew Tee');
    expect(within(teeCard).getByText('Handmade ceramic mug...')).toBeInTheDocument();
    expect(teeCard).not.toHaveTextContent('glazed');
    expect(within(await tile('Saltline Trucker Cap')).getByText('Mesh back')).toBeInTheDocument();
  });

  it('[CONST-08] [CONST-09] picture frames are 1.2 times as high as wide, gift cards 0.62, sized before loading', async () => {
    showTiles();
    const capImage = (await tile('Saltline Trucker Cap')).querySelector('img');
    const giftImage = (await tile('Saltline Gift Card')).querySelector('img');
    if (!capImage || !giftImage) throw new Error('tile pictures missing');
    const ratio = (image: HTMLImageElement) =>
      Number(image.getAttribute('height')) / Number(image.getAttribute('width'));
    expect(ratio(capImage)).toBeCloseTo(PRODUCT_TILE_RATIO, 2);
    expect(ratio(giftImage)).toBeCloseTo(GIFT_CARD_TILE_RATIO, 2);
    expect(capImage.closest('article')?.style.getPropertyValue('--image-ratio')).toBe(
      String(PRODUCT_TILE_RATIO),
    );
    expect(giftImage.closest('article')?.style.getPropertyValue('--image-ratio')).toBe(
      String(GIFT_CARD_TILE_RATIO),
    );
    // [I13-images] The first screen's tiles load at once; those further down (the sixth) lazily.
    expect(capImage).not.toHaveAttribute('loading');
    expect((await tile('Valley Mist Merino Throw')).querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('[ROUTE-09] tapping the tile opens /product/{id}', async () => {
    const { user, router } = showTiles();
    await user.click(await screen.findByRole('link', { name: 'Saltline Trucker Cap' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/14'));
  });

  it('[ROLE-02] signed out, Add To Cart opens the mobile verification popup and stays on the list', async () => {
    const { user, router } = showTiles();
    await user.click(within(await tile('Saltline Trucker Cap')).getByRole('button', { name: 'Add To Cart' }));
    expect(getAppState().popup).toBe('mobile');
    expect(router.state.location.pathname).toBe('/browse');
  });

  it('[ROLE-03] signed out, Buy Now opens the mobile verification popup', async () => {
    const { user, router } = showTiles();
    await user.click(within(await tile('Saltline Gift Card')).getByRole('button', { name: 'Buy Now' }));
    expect(getAppState().popup).toBe('mobile');
    expect(router.state.location.pathname).toBe('/browse');
  });

  it('signed in, configurable products and gift cards go to the product page to choose options', async () => {
    signIn('tok');
    const { user, router } = showTiles();
    await user.click(within(await tile('Cottesloe Crew Tee')).getByRole('button', { name: 'Add To Cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/1'));
    expect(getAppState().popup).toBeNull();
  });

  it('signed in, Buy Now on a gift card opens its product page', async () => {
    signIn('tok');
    const { user, router } = showTiles();
    await user.click(within(await tile('Saltline Gift Card')).getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/153'));
  });

  it('[SHELL-18] the supplier logo opens the supplied-by popup with the seller description', async () => {
    const { user, fetchMock } = showTiles();
    await user.click(
      within(await tile('Saltline Trucker Cap')).getByRole('button', {
        name: 'About the supplier of Saltline Trucker Cap',
      }),
    );
    const popup = await screen.findByRole('dialog', { name: 'Supplied by Saltline Surf Co.' });
    expect(popup).toHaveTextContent('A two-person label printing tees by hand in Fremantle.');
    expect(within(popup).getByRole('link', { name: 'Visit the shop' })).toHaveAttribute(
      'href',
      '/sellerprofile/saltline-surf-co',
    );
    expect(callsTo(fetchMock, 'seller').map((query) => query.get('product_id'))).toEqual(['14']);
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
