// [I33] The search's URL state: read leniently, written in one order, the contract's limits held.
import * as contract from '@quokka/contract/api/search';
import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  isSearchable,
  readSearchParams,
  SEARCH_QUERY_MAX,
  SEARCH_SORTS,
  SUGGEST_MIN_CHARS,
  searchPath,
} from './search-params';

describe('search params', () => {
  it("[I33] the web's copies of the contract's limits match it", () => {
    expect(SEARCH_QUERY_MAX).toBe(contract.SEARCH_QUERY_MAX);
    expect(SUGGEST_MIN_CHARS).toBe(contract.SUGGEST_MIN_CHARS);
    expect(SEARCH_SORTS).toEqual(contract.SEARCH_SORTS);
  });

  it('[I33] keeps what the server takes and leaves out what it would refuse', () => {
    const read = readSearchParams(
      new URLSearchParams(
        'q=%20navy%20hoodie%20&category_id=0&seller_url=harbour&price_min=24.95&price_max=2.999&color=Navy&size=&in_stock=true&sort=cheapest&page=4',
      ),
    );
    expect(read).toEqual({
      q: 'navy hoodie',
      seller_url: 'harbour',
      price_min: '24.95',
      color: 'Navy',
      in_stock: '1',
    });
    expect(activeFilters(read)).toBe(4);
    // Every value read is one the contract's query accepts.
    expect(contract.searchQuery.safeParse(read).success).toBe(true);
    expect(readSearchParams(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(SEARCH_QUERY_MAX);
    expect(readSearchParams(new URLSearchParams('q=a&sort=newest')).sort).toBe('newest');
    expect(readSearchParams(new URLSearchParams('q=a&sort=relevance')).sort).toBeUndefined();
  });

  it('[I33] a search needs words or a filter; its path puts q first and leaves empty values out', () => {
    expect(isSearchable({ q: '' })).toBe(false);
    expect(isSearchable({ q: '', size: 'M' })).toBe(true);
    expect(searchPath({ q: 'tee', sort: 'price_desc', size: 'M', color: undefined })).toBe(
      '/search?q=tee&size=M&sort=price_desc',
    );
    expect(searchPath({ q: 'rock & roll' })).toBe('/search?q=rock+%26+roll');
  });
});
