import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { aCategoryTree, aPage, aTile, callsTo, stubCatalogApi, withStatus } from '../test/catalog-factories';

describe('/category/:id', () => {
  it('[ROUTE-08] [DATA-31] the heading is the category name from the tree, and the list is that category’s products', async () => {
    const fetchMock = stubCatalogApi({
      categories: aCategoryTree(),
      categoryProducts: {
        data: [aTile({ id: 3, name: 'Sunset Stripe Tee' })],
        products: [aTile({ id: 3, name: 'Sunset Stripe Tee' })],
      },
    });
    renderApp('/category/19');
    // 'Tees' sits three levels down (Clothing › Men › Tees).
    expect(await screen.findByRole('heading', { level: 1, name: 'Tees' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sunset Stripe Tee' })).toBeInTheDocument();
    const asked = callsTo(fetchMock, 'categoryProducts');
    expect(asked.map((query) => [query.get('category_id'), query.get('page')])).toEqual([['19', '1']]);
    expect(await screen.findByText('No More Products')).toBeInTheDocument();
  });

  it('[ROUTE-08] [LIST-01] pages through the category from page 1 with the same infinite list', async () => {
    const fetchMock = stubCatalogApi({
      categories: aCategoryTree(),
      categoryProducts: (query: URLSearchParams) => ({
        products: query.get('page') === '1' ? aPage(1) : aPage(11, 2),
      }),
    });
    const { user } = renderApp('/category/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clothing' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Trucker Cap 10' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('No More Products')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trucker Cap 12' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'categoryProducts').map((query) => query.get('page'))).toEqual(['1', '2']);
  });

  it('an id that is not in the tree says the page was not found and lists nothing', async () => {
    // The list is asked for alongside the tree (no waterfall); its answer is not shown for an unknown id.
    stubCatalogApi({
      categories: aCategoryTree(),
      categoryProducts: { products: [aTile({ id: 3, name: 'Stray' })] },
    });
    renderApp('/category/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('We could not find that category.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/browse');
    expect(screen.queryByRole('link', { name: 'Stray' })).not.toBeInTheDocument();
  });

  it('a route id that is not a number is not found either', async () => {
    const fetchMock = stubCatalogApi({ categories: aCategoryTree() });
    renderApp('/category/tees');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'categoryProducts')).toHaveLength(0);
  });

  it('when the tree cannot be loaded the products still show under a plain heading', async () => {
    stubCatalogApi({
      categories: withStatus(400, { message: 'bad' }),
      categoryProducts: { products: [aTile({ id: 3, name: 'Sunset Stripe Tee' })] },
    });
    renderApp('/category/19');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sunset Stripe Tee' })).toBeInTheDocument());
  });
});
