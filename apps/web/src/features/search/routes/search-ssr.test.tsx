// [I33] /search?q=… is server-rendered like /browse (entry-server.tsx): the results' markup and the cache
// it was made from, with the route module to preload; a search without words is left to the browser.
import { describe, expect, it } from 'vitest';
import { isServerRendered, renderPage } from '../../../entry-server';
import { aSearchPage, callsTo, stubSearchApi } from '../test/search-fakes';

describe('[I33] server rendering of /search', () => {
  it('renders the heading, the total and the tiles, and hands over the cache the browser reads', async () => {
    const fetchMock = stubSearchApi({ search: (query) => aSearchPage(24, Number(query.get('page'))) });
    expect(isServerRendered('/search')).toBe(true);
    const page = await renderPage('/search?q=hoodie&size=M');
    expect(page).not.toBeNull();
    expect(page?.modules).toEqual(['src/features/search/routes/search-page.tsx']);
    expect(page?.html).toContain('Results for &#x27;hoodie&#x27;');
    expect(page?.html).toContain('24 products');
    expect(page?.html).toContain('Harbour Hoodie 10');
    expect(page?.html).not.toContain('Harbour Hoodie 11');
    expect(page?.lcpImage?.href).toBe('/media/products/hoodie-1.svg');
    expect(page?.data).toContain('"queryKey":["search","results",{"q":"hoodie","size":"M"}]');
    const [call] = callsTo(fetchMock, 'search');
    expect(call?.get('size')).toBe('M');
  });

  it('leaves a search without words or filters, and a failed search, to the browser', async () => {
    stubSearchApi({});
    expect(await renderPage('/search')).toBeNull();
    expect(await renderPage('/search?q=hoodie')).toBeNull();
  });
});
