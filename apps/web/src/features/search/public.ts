// What other parts of the app may use of search (docs/architecture.md "Web").

export { HeaderSearch } from './components/header-search';
