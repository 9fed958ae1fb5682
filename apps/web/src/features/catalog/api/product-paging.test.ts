import { PAGE_SIZE } from '@quokka/contract/constants';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, flattenProductPages, nextProductPage } from './product-paging';

const page = (firstId: number, size = PAGE_SIZE) =>
  Array.from({ length: size }, (_, index) => ({ id: firstId + index }));

describe('product list paging', () => {
  it('[LIST-01] starts at page 1', () => {
    expect(FIRST_PAGE).toBe(1);
  });

  it('[LIST-02] [CONST-01] goes on after a full page of 10 and stops after a shorter one', () => {
    expect(nextProductPage([page(1)], 1)).toBe(2);
    expect(nextProductPage([page(1), page(11, 9)], 2)).toBeUndefined();
    expect(nextProductPage([page(1), []], 2)).toBeUndefined();
  });

  it('[LIST-03] stops when a page’s first product repeats the previous page’s first', () => {
    expect(nextProductPage([page(1), page(1)], 2)).toBeUndefined();
    expect(nextProductPage([page(1), page(11)], 2)).toBe(3);
  });

  it('shows a repeated page once and every product once', () => {
    expect(flattenProductPages([page(1), page(1)]).map((item) => item.id)).toEqual(
      page(1).map((item) => item.id),
    );
    expect(flattenProductPages([page(1, 3), [{ id: 3 }, { id: 4 }]]).map((item) => item.id)).toEqual([
      1, 2, 3, 4,
    ]);
  });
});
