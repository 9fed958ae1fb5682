// /category/:id: the products of one category (and its subcategories), headed by the category's name
// as the category tree names it [ROUTE-08].
import { MSG } from '@quokka/contract/messages';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { useCategoryProducts } from '../api/category-products';
import { type Category, useCategories } from '../api/get-categories';
import { flattenProductPages } from '../api/product-paging';
import { ProductList } from '../components/product-list';
import { parseId } from './route-id';

/** The category with this id anywhere in the tree. */
export function findCategory(tree: readonly Category[], id: number): Category | null {
  for (const category of tree) {
    if (String(category.entity_id) === String(id)) return category;
    const found = findCategory(category.children, id);
    if (found) return found;
  }
  return null;
}

export function CategoryPage() {
  const id = parseId(useParams().id);
  const categories = useCategories();
  const category = id === null || !categories.data ? null : findCategory(categories.data, id);
  // Unknown once the tree is known; a tree that failed to load does not make a category unknown.
  const unknown = id === null || (categories.isSuccess && category === null);
  const query = useCategoryProducts(unknown ? null : id);
  const products = useMemo(() => flattenProductPages(query.data?.pages ?? []), [query.data]);

  if (unknown) {
    return (
      <Page title={MSG.pageNotFound}>
        <p className="page__lead">{MSG.categoryNotFound}</p>
        <ButtonLink to="/browse">{MSG.browseHeading}</ButtonLink>
      </Page>
    );
  }

  if (categories.isPending) {
    return (
      <section className="page" aria-busy="true">
        <div className="page__head">
          <span className="skeleton skeleton--heading" aria-hidden="true" />
        </div>
        <ProductList products={products} query={query} label={MSG.categoryHeading} />
      </section>
    );
  }

  const title = category?.value ?? MSG.categoryHeading;
  return (
    <Page title={title}>
      <ProductList products={products} query={query} label={title} />
    </Page>
  );
}
