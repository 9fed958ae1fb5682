// What other features may use of the dashboard (docs/architecture.md "Web"): the key an order or gift card
// action invalidates so the strip's figures follow.

export { DASHBOARD_QUERY_KEY } from './api/get-dashboard';
