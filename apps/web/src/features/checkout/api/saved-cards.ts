// GET {ns}/savedcards [API-30]: the member's saved cards, `data[]` [DATA-40].
import { apiFetch, nsPath } from '../../../lib/api-client';

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export async function getSavedCards(signal?: AbortSignal): Promise<SavedCard[]> {
  const reply = await apiFetch<{ data?: unknown } | null>(nsPath('savedcards'), { auth: true, signal });
  return Array.isArray(reply?.data) ? (reply.data as SavedCard[]) : [];
}

/** [CHK-14] Expiry as MM/YY. */
export function cardExpiry(card: Pick<SavedCard, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
}
