// A product list with infinite scroll (SPEC.md §4 "Product list"): tiles in a grid, the next page loaded
// when the end comes near [ROUTE-04], and 'No More Products' once the list has ended [LIST-04, ROUTE-05].
import type { ProductTile as Tile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { PicturePriority } from '../../../components/ui/product-picture';
import type { SuppliedBySeller } from '../../../lib/app-state';
import { useAddToCart } from '../../cart/public';
import { ProductTile, ProductTileSkeleton } from './product-tile';
import { useInView, useSupportsIntersectionObserver } from './use-in-view';
import './product-list.css';

const SKELETON_TILES = 4;

/**
 * The first tile's picture is the page's largest content (LCP): fetched first. The rest of the first
 * screen (two rows of two on a phone) loads at once; tiles further down wait until scrolled near.
 */
function firstScreenPicture(index: number): PicturePriority {
  if (index === 0) return 'high';
  return index < 4 ? 'eager' : 'lazy';
}

/** The parts of a TanStack infinite query the list reads. */
export interface InfiniteList {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export interface ProductListProps {
  products: readonly Tile[];
  query: InfiniteList;
  /** Names the list for screen readers, e.g. the page heading. */
  label: string;
  seller?: SuppliedBySeller;
  onAddToCart?: (product: Tile) => void;
}

export function ProductList({ products, query, label, seller, onAddToCart }: ProductListProps) {
  const { addTile } = useAddToCart(); // [TILE-04] the cart work's add, unless the caller brings its own
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const nearEnd = useInView(sentinel);
  const observes = useSupportsIntersectionObserver();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  // A failed page waits for the button, rather than retrying in a loop while the sentinel stays in view.
  const canLoadMore = hasNextPage && !isFetchingNextPage && !query.isPending;

  useEffect(() => {
    if (nearEnd && canLoadMore && !isFetchNextPageError) void fetchNextPage();
  }, [nearEnd, canLoadMore, isFetchNextPageError, fetchNextPage]);

  if (query.isPending) {
    return (
      <div className="product-list" aria-busy="true">
        <span className="visually-hidden" aria-live="polite">
          {MSG.loadingProducts}
        </span>
        <div className="product-grid">
          {Array.from({ length: SKELETON_TILES }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <ProductTileSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  }

  if (query.isError && products.length === 0) {
    return (
      <div className="product-list product-list--error">
        <p>{MSG.somethingWentWrong}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {MSG.tryAgain}
        </Button>
      </div>
    );
  }

  const ended = !hasNextPage;
  const showButton = canLoadMore && (isFetchNextPageError || !observes);

  return (
    <div className="product-list" aria-busy={isFetchingNextPage}>
      <ul className="product-grid" aria-label={label}>
        {products.map((product, index) => (
          <li key={product.id} className="product-grid__item">
            <ProductTile
              product={product}
              seller={seller}
              onAddToCart={onAddToCart ?? addTile}
              picture={firstScreenPicture(index)}
            />
          </li>
        ))}
      </ul>
      {isFetchingNextPage ? (
        <div className="product-grid product-grid--more" aria-hidden="true">
          <ProductTileSkeleton />
          <ProductTileSkeleton />
        </div>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {isFetchingNextPage ? MSG.loadingProducts : ''}
      </span>
      {hasNextPage ? <div ref={setSentinel} className="product-list__sentinel" /> : null}
      {showButton ? (
        <div className="product-list__more">
          <Button variant="secondary" onClick={() => void fetchNextPage()}>
            {MSG.loadMore}
          </Button>
        </div>
      ) : null}
      {ended ? <p className="product-list__end">{MSG.noMoreProducts}</p> : null}
    </div>
  );
}
