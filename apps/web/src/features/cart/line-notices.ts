// [I11-3] A refusal of a quantity change is said inside its line while the cart popup is open, instead
// of a popup that would replace the cart. One notice per line, until that line changes again.
import { useSyncExternalStore } from 'react';

const notices = new Map<string, string>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function setLineNotice(key: string, text: string): void {
  notices.set(key, text);
  emit();
}

export function clearLineNotice(key: string): void {
  if (notices.delete(key)) emit();
}

/** The cart popup closed: what it said about its lines is done with. */
export function clearLineNotices(): void {
  if (notices.size === 0) return;
  notices.clear();
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The line's notice, or null. */
export function useLineNotice(key: string): string | null {
  return useSyncExternalStore(subscribe, () => notices.get(key) ?? null);
}
