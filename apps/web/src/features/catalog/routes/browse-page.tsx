// /browse: every product, heading 'Browse Products', infinite scroll [ROUTE-03..05].
import { MSG } from '@quokka/contract/messages';
import { useMemo } from 'react';
import { Page } from '../../../components/ui/page';
import { useBrowseProducts } from '../api/browse-products';
import { flattenProductPages } from '../api/product-paging';
import { ProductList } from '../components/product-list';

export function BrowsePage() {
  const query = useBrowseProducts();
  const products = useMemo(() => flattenProductPages(query.data?.pages ?? []), [query.data]);
  return (
    <Page title={MSG.browseHeading}>
      <ProductList products={products} query={query} label={MSG.browseHeading} />
    </Page>
  );
}
