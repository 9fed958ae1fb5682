import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import {
  aCategoryTree,
  aConfigurableProduct,
  aSeller,
  aTile,
  stubCatalogApi,
} from '../test/catalog-factories';

describe('a signed-out visitor', () => {
  it.each([
    ['/browse', 'Browse Products'],
    ['/category/19', 'Tees'],
    ['/product/1', 'Cottesloe Crew Tee'],
    ['/sellerprofile/saltline-surf-co', 'Saltline Surf Co.'],
    ['/terms', /./],
    ['/privacy', /./],
  ])('[ROLE-01] can open %s without signing in', async (path, heading) => {
    stubCatalogApi({
      browseProducts: { data: [aTile({ name: 'Trucker Cap' })] },
      categories: aCategoryTree(),
      categoryProducts: { products: [aTile({ name: 'Trucker Cap' })] },
      product: aConfigurableProduct(),
      sellerInformation: { status: true, seller: aSeller(), products: [aTile({ name: 'Trucker Cap' })] },
    });
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(getAppState().auth.isSignedIn).toBe(false);
    expect(getAppState().popup).toBeNull();
  });
});
