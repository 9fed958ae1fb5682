// GET {ns}/categories: the category tree for the side menu [SHELL-05, SHELL-06, DATA-31].
import type { Category } from '@quokka/contract/api/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';

export type { Category } from '@quokka/contract/api/catalog';

function toCategory(raw: unknown): Category | null {
  if (typeof raw !== 'object' || raw === null) return null;
  if (!('entity_id' in raw) || !('value' in raw)) return null;
  const entityId = Number(raw.entity_id);
  if (!Number.isFinite(entityId) || typeof raw.value !== 'string') return null;
  const children = 'children' in raw ? toCategories(raw.children) : [];
  return { entity_id: entityId, value: raw.value, children };
}

/** Keeps the well-formed nodes of a reply; anything else is left out rather than breaking the menu. */
export function toCategories(raw: unknown): Category[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(toCategory).filter((category): category is Category => category !== null);
}

export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  // Silent: the menu still offers 'Browse' without categories, so a failure needs no popup.
  const reply = await apiFetch(nsPath('categories'), {
    schema: () => import('@quokka/contract/api/catalog').then((m) => m.categoriesReplySchema),
    signal,
    silent: true,
  });
  return toCategories(reply);
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
