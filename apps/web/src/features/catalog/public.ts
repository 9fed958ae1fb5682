// What other parts of the app may use of the catalogue (docs/architecture.md "Web").
export { ProductPage } from './routes/product-page';
