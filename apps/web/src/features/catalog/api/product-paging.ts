// SPEC.md §4 "Product list": infinite scroll from page 1, pages of PAGE_SIZE, stopping on a short page or
// on a page whose first product repeats the previous page's first (a backend that clamps the page number
// answers the last page again instead of an empty one).
import { PAGE_SIZE } from '@quokka/contract/constants';

interface Identified {
  id: number;
}

/** [LIST-01] Lists start at page 1. */
export const FIRST_PAGE = 1;

const sameFirst = (page: readonly Identified[], previous: readonly Identified[] | undefined): boolean =>
  previous !== undefined && page[0] !== undefined && page[0].id === previous[0]?.id;

/** [LIST-02, LIST-03, CONST-01] The page to load after `lastPageParam`, or undefined when the list has ended. */
export function nextProductPage(
  pages: readonly (readonly Identified[])[],
  lastPageParam: number,
): number | undefined {
  const last = pages.at(-1);
  if (last === undefined || last.length < PAGE_SIZE) return undefined; // [LIST-02]
  if (sameFirst(last, pages.at(-2))) return undefined; // [LIST-03]
  return lastPageParam + 1;
}

/** The products to show: a repeated page is left out and a product is shown once. */
export function flattenProductPages<T extends Identified>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<number>();
  const products: T[] = [];
  pages.forEach((page, index) => {
    if (sameFirst(page, pages[index - 1])) return;
    for (const product of page) {
      if (seen.has(product.id)) continue;
      seen.add(product.id);
      products.push(product);
    }
  });
  return products;
}
