// A screen's code loads when its route is first shown (React.lazy, inside the shell's Suspense), so the
// first visit downloads the shell and the one screen it needs. The route keeps its loader as
// `handle.preload`: main.tsx loads a server-rendered screen's module before hydrating, and a screen
// whose module is already loaded when it mounts renders at once, so hydration does not suspend.
import { type ComponentType, lazy, useState } from 'react';
import type { RouteObject } from 'react-router';

export interface ScreenHandle {
  /** Loads the screen's module (once; a failed load is tried again next time). */
  preload(): Promise<unknown>;
}

export function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = (): Promise<ComponentType> => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  // React.lazy remembers a failed load for good: one dropped connection (or, in tests, a load cut off
  // when its file ended) would break the screen until the page is reloaded. A failed load makes a fresh
  // lazy component for the next mount, which tries again (the route's error screen offers that).
  const makeLazy = () =>
    lazy(() =>
      preload().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          Lazy = makeLazy();
          throw error;
        },
      ),
    );
  let Lazy = makeLazy();
  function Screen() {
    // Fixed for this mount, so the element's type never changes under the screen's state.
    const [Shown] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Shown />;
  }
  const handle: ScreenHandle = { preload };
  return { element: <Screen />, handle };
}

/** The preload of a route made by `screen`, if it is one. */
export function screenPreload(route: RouteObject): ScreenHandle['preload'] | undefined {
  const handle = route.handle as Partial<ScreenHandle> | undefined;
  return typeof handle?.preload === 'function' ? handle.preload : undefined;
}
