// [I34] The audit log's filters live in the address (a filtered view can be bookmarked and shared, and
// reloads as it was): person, action, thing (kind and/or number) and Sydney days, and the page. The same
// filters make the API's query (api/get-audit.ts).
import { auditThingKindSchema } from '@quokka/contract/api/audit';
import { type QueryValue, queryString } from '../../lib/api-client';

export interface AuditFilters {
  staff_id: string;
  action: string;
  kind: string;
  thing_id: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = {
  staff_id: '',
  action: '',
  kind: '',
  thing_id: '',
  from: '',
  to: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;
const CODE = /^[a-z_]+(\.[a-z_]+)*$/;

/** The filters the address holds; anything malformed is left out rather than sent. */
export function filtersFrom(params: URLSearchParams): AuditFilters {
  const value = (name: keyof AuditFilters, valid: (text: string) => boolean) => {
    const text = params.get(name)?.trim() ?? '';
    return valid(text) ? text : '';
  };
  return {
    staff_id: value('staff_id', (text) => ID.test(text)),
    action: value('action', (text) => CODE.test(text) && text.length <= 60),
    kind: value('kind', (text) => auditThingKindSchema.safeParse(text).success),
    thing_id: value('thing_id', (text) => ID.test(text)),
    from: value('from', (text) => DAY.test(text)),
    to: value('to', (text) => DAY.test(text)),
  };
}

export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The filters as the API takes them (empty ones left out by the client). */
export function filterQuery(filters: AuditFilters): Record<string, QueryValue> {
  return { ...filters, thing_id: filters.thing_id.trim() };
}

/** The address's search part for these filters and page (page 1 left out). */
export function searchFor(filters: AuditFilters, page = 1): string {
  return queryString({ ...filterQuery(filters), page: page > 1 ? page : '' });
}

/** Whether any filter is set. */
export const isFiltered = (filters: AuditFilters) => Object.values(filters).some((value) => value !== '');
