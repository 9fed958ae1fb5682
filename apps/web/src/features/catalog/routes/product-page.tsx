// /product/:id: one product [ROUTE-09, PDP-01..17]. The header shows the seller's name while the page
// is open [PDP-01]; a product that does not exist opens the §8 popup [ERR-04]; with no product and
// nothing loading the page says 'No Product.' [PDP-02, ERR-15] — unless the call itself failed (no
// reply, a server fault), which offers another try instead. /updateproduct/:id reuses it with mode
// 'update' [PDP-11].
import { MSG } from '@quokka/contract/messages';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { ApiError, NoResponseError } from '../../../lib/api-client';
import { setHeaderTitle, showMessage } from '../../../lib/app-state';
import { useAddToCart } from '../../cart/public';
import { useProduct } from '../api/product';
import {
  ProductDetails,
  type ProductDetailsProps,
  type ProductPageMode,
} from '../components/product-details';
import { ProductLoadError } from '../components/product-load-error';
import { parseId } from './route-id';
import './product-page.css';

export interface ProductPageProps {
  mode?: ProductPageMode;
  onAddToCart?: ProductDetailsProps['onAddToCart'];
  initialSelection?: ProductDetailsProps['initialSelection'];
  initialQty?: number;
}

function ProductSkeleton() {
  return (
    <div className="page pdp-page" aria-busy="true">
      <div className="pdp pdp--skeleton" aria-hidden="true">
        <div className="gallery__main skeleton" />
        <div className="pdp__summary">
          <span className="skeleton skeleton--heading" />
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--button" />
        </div>
      </div>
    </div>
  );
}

/** A 4xx reply (a malformed or unknown id) says the product is not there; anything else may pass. */
function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.status < 500);
}

export function ProductPage({ mode = 'add', onAddToCart, initialSelection, initialQty }: ProductPageProps) {
  const id = parseId(useParams().id);
  const query = useProduct(id);
  const { addChoice } = useAddToCart(); // [PDP-10] the cart work's add, unless the caller brings its own
  const product = query.data?.found ? query.data.product : null;
  const notExists = query.data?.found === false;
  const sellerName = product?.seller.name || null;

  useEffect(() => {
    setHeaderTitle(sellerName); // [PDP-01]
    return () => setHeaderTitle(null);
  }, [sellerName]);

  useEffect(() => {
    if (notExists) showMessage(MSG.productNotExistsText, MSG.productNotExistsTitle); // [ERR-04]
  }, [notExists]);

  if (product) {
    return (
      <div className="page pdp-page">
        <ProductDetails
          key={product.id}
          product={product}
          mode={mode}
          onAddToCart={onAddToCart ?? addChoice}
          initialSelection={initialSelection}
          initialQty={initialQty}
        />
      </div>
    );
  }
  if (id !== null && query.isPending) return <ProductSkeleton />;
  if (query.isError && isRetryable(query.error)) {
    return (
      <ProductLoadError
        offline={query.error instanceof NoResponseError}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  // [PDP-02, ERR-15]
  return (
    <Page title={MSG.productHeading}>
      <p className="pdp__none">{MSG.noProduct}</p>
      <ButtonLink to="/browse">{MSG.browseHeading}</ButtonLink>
    </Page>
  );
}
