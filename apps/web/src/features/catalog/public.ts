// What other parts of the app may use of the catalogue (docs/architecture.md "Web").

export { checkoutItemRequest } from './checkout-item';
export { ProductPage } from './routes/product-page';
