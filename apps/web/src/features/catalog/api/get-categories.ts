// GET {ns}/categories: the category tree for the side menu [SHELL-05, SHELL-06, DATA-31].
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';

export interface Category {
  entity_id: number | string;
  value: string;
  children: Category[];
}

function toCategory(raw: unknown): Category | null {
  if (typeof raw !== 'object' || raw === null) return null;
  if (!('entity_id' in raw) || !('value' in raw)) return null;
  const { entity_id, value } = raw;
  if ((typeof entity_id !== 'number' && typeof entity_id !== 'string') || typeof value !== 'string')
    return null;
  const children = 'children' in raw ? toCategories(raw.children) : [];
  return { entity_id, value, children };
}

/** Keeps the well-formed nodes of a reply; anything else is left out rather than breaking the menu. */
export function toCategories(raw: unknown): Category[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(toCategory).filter((category): category is Category => category !== null);
}

export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  // Silent: the menu still offers 'Browse' without categories, so a failure needs no popup.
  return toCategories(await apiFetch<unknown>(nsPath('categories'), { signal, silent: true }));
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['catalog', 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoriesQueryOptions(), enabled });
}
