// The back office's order reads were split at their seams: the list (orders-list.ts), its CSV
// (orders-csv.ts), one order with its timeline (order-detail.ts) and who may see which order
// (order-access.ts).

// kept for order-fulfilment.ts until it imports order-access.ts
export { dollars, ORDER_NOT_FOUND, type OrderViewer, viewerSeesOrder } from './order-access.ts';
