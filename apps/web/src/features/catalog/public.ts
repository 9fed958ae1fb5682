// What other parts of the app may use of the catalogue (docs/architecture.md "Web").

// [I33] Search shows the same tiles, paged and listed as the catalogue's lists.
export { readTiles } from './api/catalog-readers';
export { FIRST_PAGE, flattenProductPages, nextProductPage } from './api/product-paging';
export { checkoutItemRequest } from './checkout-item';
export { ProductList } from './components/product-list';
export { ProductPage } from './routes/product-page';
