import { PAGE_SIZE } from '@quokka/contract/constants';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { aPage, callsTo, stubCatalogApi, withStatus } from '../test/catalog-factories';

/** Pages of a list with `total` products, as the server pages them (an empty page past the end). */
function pagedList(total: number) {
  return (query: URLSearchParams) => {
    const page = Number(query.get('page'));
    const first = (page - 1) * PAGE_SIZE + 1;
    const size = Math.max(0, Math.min(PAGE_SIZE, total - first + 1));
    return { data: aPage(first, size) };
  };
}

const pagesAsked = (fetchMock: ReturnType<typeof stubCatalogApi>) =>
  callsTo(fetchMock, 'browseProducts').map((query) => query.get('page'));

const tileCount = () => screen.queryAllByRole('article').length;

/** An IntersectionObserver stand-in: the test says when the watched sentinel comes into view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets.length = 0;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  static scrollIntoView(isIntersecting: boolean) {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = observer.targets.map(
        (target) => ({ target, isIntersecting }) as unknown as IntersectionObserverEntry,
      );
      if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

describe('/browse', () => {
  it('[ROUTE-03] [LIST-01] [CONST-01] shows Browse Products and the first page of 10, asked for as page 1', async () => {
    const fetchMock = stubCatalogApi({ browseProducts: pagedList(35) });
    renderApp('/browse');
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Products' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Trucker Cap 1' });
    expect(tileCount()).toBe(PAGE_SIZE);
    expect(pagesAsked(fetchMock)).toEqual(['1']);
    expect(screen.queryByText('No More Products')).not.toBeInTheDocument();
  });

  it('[ROUTE-04] loads the next page when the end of the list scrolls into view', async () => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const fetchMock = stubCatalogApi({ browseProducts: pagedList(15) });
    renderApp('/browse');
    await screen.findByRole('link', { name: 'Trucker Cap 10' });
    // Nothing more is fetched until the shopper nears the end.
    expect(pagesAsked(fetchMock)).toEqual(['1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    act(() => FakeIntersectionObserver.scrollIntoView(true));
    expect(await screen.findByRole('link', { name: 'Trucker Cap 15' })).toBeInTheDocument();
    expect(pagesAsked(fetchMock)).toEqual(['1', '2']);
  });

  it('[LIST-02] [LIST-04] [ROUTE-05] stops after a page of fewer than 10 and shows No More Products', async () => {
    const fetchMock = stubCatalogApi({ browseProducts: pagedList(29) });
    const { user } = renderApp('/browse');
    await screen.findByRole('link', { name: 'Trucker Cap 10' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Trucker Cap 20' });
    expect(screen.queryByText('No More Products')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('No More Products')).toBeInTheDocument();
    expect(tileCount()).toBe(29);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(pagesAsked(fetchMock)).toEqual(['1', '2', '3']);
  });

  it('[LIST-02] [CONST-01] a full last page of 10 asks once more, and the empty page ends the list', async () => {
    const fetchMock = stubCatalogApi({ browseProducts: pagedList(20) });
    const { user } = renderApp('/browse');
    await screen.findByRole('link', { name: 'Trucker Cap 10' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Trucker Cap 20' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('No More Products')).toBeInTheDocument();
    expect(pagesAsked(fetchMock)).toEqual(['1', '2', '3']);
    expect(tileCount()).toBe(20);
  });

  it('[LIST-03] [LIST-04] stops when a page starts with the previous page’s first product, showing each product once', async () => {
    // A backend that answers every page past the end with its first page again.
    const fetchMock = stubCatalogApi({ browseProducts: () => ({ data: aPage(1) }) });
    const { user } = renderApp('/browse');
    await screen.findByRole('link', { name: 'Trucker Cap 10' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('No More Products')).toBeInTheDocument();
    expect(pagesAsked(fetchMock)).toEqual(['1', '2']);
    expect(tileCount()).toBe(PAGE_SIZE);
  });

  it('[LIST-04] an empty catalogue ends at once with No More Products', async () => {
    stubCatalogApi({ browseProducts: { data: [] } });
    renderApp('/browse');
    expect(await screen.findByText('No More Products')).toBeInTheDocument();
    expect(tileCount()).toBe(0);
  });

  it('shows placeholder tiles, not a blank page, while the first page loads', async () => {
    // Only the list call is held; anything else the shell asks for answers at once.
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('/browseProducts')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(withStatus(404, { message: 'Not found' })),
      ),
    );
    const { container } = renderApp('/browse');
    await screen.findByRole('heading', { name: 'Browse Products' });
    await waitFor(() => expect(container.querySelectorAll('.tile--skeleton').length).toBeGreaterThan(0));
    answer(new Response(JSON.stringify({ data: aPage(1, 3) }), { status: 200 }));
    expect(await screen.findByRole('link', { name: 'Trucker Cap 3' })).toBeInTheDocument();
    expect(container.querySelectorAll('.tile--skeleton')).toHaveLength(0);
  });
});
