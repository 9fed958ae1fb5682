// Whether the page's controls work yet. A server-rendered screen shows its buttons before the app has
// hydrated them, and a tap then would be lost: until hydration they say so (`aria-disabled`, which
// assistive technology and browser automation honour). The server and the hydrating render agree on
// false; a screen rendered in the browser (createRoot) is ready at once.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** `aria-disabled` for a control that needs the app: true until hydrated, else the control's own. */
export function useNotReady(own?: boolean | 'true' | 'false'): boolean | 'true' | 'false' | undefined {
  return useHydrated() ? own : true;
}
