// Whether an element is in (or near) the viewport, for infinite scroll [ROUTE-04]. Null where the browser
// has no IntersectionObserver, so the caller can offer a button instead.
import { useEffect, useState, useSyncExternalStore } from 'react';

/** How far below the viewport the next page starts loading, so the shopper rarely waits. */
const LOOK_AHEAD = '0px 0px 800px 0px';

export function supportsIntersectionObserver(): boolean {
  return typeof window !== 'undefined' && typeof window.IntersectionObserver === 'function';
}

const noSubscription = () => () => {};

/**
 * supportsIntersectionObserver as a hook that hydrates cleanly: a server-rendered page is taken to have
 * it (as every browser the shop supports does) until the browser says otherwise.
 */
export function useSupportsIntersectionObserver(): boolean {
  return useSyncExternalStore(noSubscription, supportsIntersectionObserver, () => true);
}

export function useInView(node: Element | null): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!node || !supportsIntersectionObserver()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry) setInView(entry.isIntersecting);
      },
      { rootMargin: LOOK_AHEAD },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      setInView(false);
    };
  }, [node]);
  return inView;
}
