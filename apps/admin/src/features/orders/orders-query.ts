// The orders list's filters live in the address (so a filtered list can be bookmarked, shared and
// reloaded); the same filters make the API's query and the CSV export's (api/get-orders.ts).
import { orderStatusSchema, sellerOrderStateSchema } from '@quokka/contract/api/admin';
import { type QueryValue, queryString } from '../../lib/api-client';

export interface OrderFilters {
  q: string;
  status: string;
  /** [I34-seller-state] A seller's staff: their own part's state ('to_ship': their own work left). */
  seller_state: string;
  seller_id: string;
  from: string;
  to: string;
  flagged: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFrom(params: URLSearchParams): OrderFilters {
  const status = params.get('status') ?? '';
  const sellerState = params.get('seller_state') ?? '';
  const seller = params.get('seller_id') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    q: params.get('q') ?? '',
    status: orderStatusSchema.safeParse(status).success ? status : '',
    seller_state: sellerOrderStateSchema.safeParse(sellerState).success ? sellerState : '',
    seller_id: /^\d+$/.test(seller) ? seller : '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    flagged: params.get('flagged') === '1' || params.get('flagged') === 'true',
  };
}

export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The filters as the API takes them (empty ones left out). */
export function filterQuery(filters: OrderFilters): Record<string, QueryValue> {
  return {
    q: filters.q.trim(),
    status: filters.status,
    seller_state: filters.seller_state,
    seller_id: filters.seller_id,
    from: filters.from,
    to: filters.to,
    flagged: filters.flagged ? '1' : '',
  };
}

/** No filter at all (the Clear button). */
export const NO_FILTERS: OrderFilters = {
  q: '',
  status: '',
  seller_state: '',
  seller_id: '',
  from: '',
  to: '',
  flagged: false,
};

/** The address's search part for these filters and page (page 1 is left out). */
export function searchFor(filters: OrderFilters, page = 1): string {
  return queryString({ ...filterQuery(filters), page: page > 1 ? page : '' });
}
