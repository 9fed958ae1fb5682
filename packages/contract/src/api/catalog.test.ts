import { describe, expect, it } from 'vitest';
import { productsRenderInfoQuery } from './catalog.ts';

describe('productsRenderInfoQuery', () => {
  it('[API-15] reads the page size and page in either spelling; camelCase wins, defaults 10 and 1', () => {
    const parse = (query: Record<string, string>) => productsRenderInfoQuery.parse(query);
    expect(parse({})).toMatchObject({ pageSize: 10, currentPage: 1 });
    expect(parse({ 'searchCriteria[pageSize]': '4', 'searchCriteria[currentPage]': '2' })).toMatchObject({
      pageSize: 4,
      currentPage: 2,
    });
    expect(parse({ 'searchCriteria[page_size]': '4', 'searchCriteria[current_page]': '2' })).toMatchObject({
      pageSize: 4,
      currentPage: 2,
    });
    expect(parse({ 'searchCriteria[pageSize]': '5', 'searchCriteria[page_size]': '4' })).toMatchObject({
      pageSize: 5,
    });
  });

  it('[API-15] refuses a size or page out of range in either spelling', () => {
    expect(productsRenderInfoQuery.safeParse({ 'searchCriteria[page_size]': '0' }).success).toBe(false);
    expect(productsRenderInfoQuery.safeParse({ 'searchCriteria[current_page]': 'x' }).success).toBe(false);
    expect(productsRenderInfoQuery.safeParse({ storeId: '2' }).success).toBe(false);
  });
});
