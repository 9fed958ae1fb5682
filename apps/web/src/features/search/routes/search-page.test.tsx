// [I33] /search?q=…: the results, paged as the catalogue's lists; the filters and sort in the URL; no
// results with the suggestion (docs/search.md).
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { aSearchPage, callsTo, stubSearchApi } from '../test/search-fakes';

configure({ asyncUtilTimeout: 5_000 });

const paged = (total: number) => (query: URLSearchParams) => aSearchPage(total, Number(query.get('page')));
const tileCount = () => screen.queryAllByRole('article').length;

describe('/search', () => {
  it("[I33] shows Results for 'x', the total and the first 10 tiles, asked for as page 1", async () => {
    const fetchMock = stubSearchApi({ search: paged(24) });
    renderApp('/search?q=hoodie');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Results for 'hoodie'" }),
    ).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Harbour Hoodie 1' });
    expect(screen.getByText('24 products')).toBeInTheDocument();
    expect(tileCount()).toBe(10);
    const [call] = callsTo(fetchMock, 'search');
    expect(call?.get('q')).toBe('hoodie');
    expect(call?.get('page')).toBe('1');
    expect(document.title).toContain("Results for 'hoodie'");
  });

  it("[I33] [LIST-02] [LIST-04] pages on to the end, then shows 'No More Products'", async () => {
    const fetchMock = stubSearchApi({ search: paged(15) });
    const { user } = renderApp('/search?q=hoodie');
    await screen.findByRole('link', { name: 'Harbour Hoodie 10' });
    expect(screen.queryByText('No More Products')).not.toBeInTheDocument();
    // jsdom has no IntersectionObserver: the list offers its button instead of scrolling on.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Harbour Hoodie 15' })).toBeInTheDocument();
    expect(await screen.findByText('No More Products')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'search').map((query) => query.get('page'))).toEqual(['1', '2']);
    expect(tileCount()).toBe(15);
  });

  it('[I33] each filter and the sort change the URL (pushed, so back undoes it) and the call, with counts per value', async () => {
    const fetchMock = stubSearchApi({ search: paged(24) });
    const { user, router } = renderApp('/search?q=hoodie');
    await screen.findByRole('link', { name: 'Harbour Hoodie 1' });
    const size = screen.getByRole('combobox', { name: 'Size' });
    expect(within(size).getByRole('option', { name: 'M (3)' })).toBeInTheDocument();
    await user.selectOptions(size, 'M');
    await waitFor(() => expect(router.state.location.search).toBe('?q=hoodie&size=M'));
    await waitFor(() => expect(callsTo(fetchMock, 'search').at(-1)?.get('size')).toBe('M'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Hoodies (20)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Seller' }), 'harbour-goods');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'Navy');
    await user.type(screen.getByRole('textbox', { name: 'Min price' }), '20');
    await user.type(screen.getByRole('textbox', { name: 'Max price' }), '80.5');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    await user.click(screen.getByRole('checkbox', { name: 'In stock only (21)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        q: 'hoodie',
        category_id: '20',
        seller_url: 'harbour-goods',
        price_min: '20',
        price_max: '80.5',
        color: 'Navy',
        size: 'M',
        in_stock: '1',
        sort: 'price_asc',
      }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'search').at(-1)?.get('sort')).toBe('price_asc'));
    const last = callsTo(fetchMock, 'search').at(-1);
    expect(last?.get('price_max')).toBe('80.5');
    expect(last?.get('in_stock')).toBe('1');
    expect(last?.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Filters (7)' })).toBeInTheDocument();

    await router.navigate(-1);
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=hoodie'));
  });

  it('[I33] a reload keeps the filters: they are read from the URL', async () => {
    const fetchMock = stubSearchApi({ search: paged(24) });
    renderApp('/search?q=tee&size=M&sort=newest&in_stock=1&price_min=abc');
    await screen.findByRole('link', { name: 'Harbour Hoodie 1' });
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveValue('M');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    expect(screen.getByRole('checkbox', { name: /In stock only/ })).toBeChecked();
    const [call] = callsTo(fetchMock, 'search');
    expect(call?.get('size')).toBe('M');
    expect(call?.get('sort')).toBe('newest');
    // A price the server would refuse is left out rather than sent.
    expect(call?.has('price_min')).toBe(false);
  });

  it('[I33] on a phone the filters sit behind Filters, closed by Show N results', async () => {
    stubSearchApi({ search: paged(24) });
    const { user } = renderApp('/search?q=hoodie');
    await screen.findByRole('link', { name: 'Harbour Hoodie 1' });
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toHaveAttribute('data-open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open');
    await user.click(screen.getByRole('button', { name: 'Show 24 results' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveAttribute('data-open');
  });

  it("[I33] no results: No results for 'x', the suggestion as a link and a way to every product", async () => {
    stubSearchApi({
      search: (query) =>
        query.get('q') === 'hoddie' ? aSearchPage(0, 1, { suggestion: 'hoodie' }) : paged(24)(query),
    });
    const { user, router } = renderApp('/search?q=hoddie');
    expect(
      await screen.findByRole('heading', { level: 1, name: "No results for 'hoddie'" }),
    ).toBeInTheDocument();
    expect(screen.getByText('0 products')).toBeInTheDocument();
    expect(screen.queryByText('No More Products')).not.toBeInTheDocument();
    // Nothing found and no filter set: nothing to filter.
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/browse');
    const suggestion = screen.getByRole('link', { name: 'Did you mean hoodie?' });
    expect(suggestion).toHaveAttribute('href', '/search?q=hoodie');
    await user.click(suggestion);
    expect(
      await screen.findByRole('heading', { level: 1, name: "Results for 'hoodie'" }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=hoodie');
  });

  it('[I33] without words or a filter it asks for them and calls nothing', async () => {
    const fetchMock = stubSearchApi({ search: paged(24) });
    renderApp('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(screen.getByText('Type what you are looking for in the search field above.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'search')).toHaveLength(0);
  });
});
