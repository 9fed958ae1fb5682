// [I33] /search?q=…: the results of a search as the catalogue's lists show products (the same tiles, 10 a
// page, infinite scroll and 'No More Products', SPEC.md §4), under `Results for 'x'` and the total, with
// the filters and the sort beside them; server-rendered like /browse (entry-server.tsx). With nothing
// found: "No results for 'x'", the spelling the server suggests and a way back to every product.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { Page } from '../../../components/ui/page';
import { flattenProductPages, ProductList } from '../../catalog/public';
import { useSearch } from '../api/search';
import { SearchFilters } from '../components/search-filters';
import {
  activeFilters,
  isSearchable,
  readSearchParams,
  type SearchParams,
  searchPath,
  searchQueryString,
} from '../search-params';
import { SEARCH_TEXT } from '../search-texts';
import './search-page.css';

export function SearchPage() {
  const [url, setUrl] = useSearchParams();
  const params = useMemo(() => readSearchParams(url), [url]);
  const query = useSearch(params);
  const pages = query.data?.pages;
  const first = pages?.[0];
  const products = useMemo(() => flattenProductPages((pages ?? []).map((page) => page.tiles)), [pages]);
  const change = (next: SearchParams) => setUrl(searchQueryString(next));

  if (!isSearchable(params)) {
    return (
      <Page title={SEARCH_TEXT.heading}>
        <p className="page__lead">{SEARCH_TEXT.prompt}</p>
      </Page>
    );
  }

  const found = first ? first.total > 0 : true;
  const title = !found
    ? SEARCH_TEXT.noResults(params.q)
    : params.q
      ? SEARCH_TEXT.results(params.q)
      : SEARCH_TEXT.filteredResults;

  return (
    <Page title={title}>
      <p className="search-page__total" aria-live="polite">
        {first ? SEARCH_TEXT.total(first.total) : '\u00a0'}
      </p>
      <div className="search-page">
        {/* With nothing found and no filter set there is nothing to filter. */}
        {found || activeFilters(params) > 0 ? (
          <SearchFilters params={params} facets={first?.facets} total={first?.total ?? 0} onChange={change} />
        ) : null}
        <div className="search-page__results">
          {found ? (
            <ProductList products={products} query={query} label={title} />
          ) : (
            <div className="search-page__none">
              {first?.suggestion ? (
                <p>
                  <Link to={searchPath({ ...params, q: first.suggestion })}>
                    {SEARCH_TEXT.didYouMean} <strong>{first.suggestion}</strong>?
                  </Link>
                </p>
              ) : null}
              <p>
                <Link to="/browse">{SEARCH_TEXT.browseAll}</Link>
              </p>
            </div>
          )}
        </div>
      </div>
    </Page>
  );
}
