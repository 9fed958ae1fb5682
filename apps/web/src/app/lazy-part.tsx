// A part of the shell (the side menu, a popup host) whose code loads when it is first needed. Unlike
// React.lazy, which remembers a failed import for good, a load that failed (a dropped connection, a
// proxy hiccup, a deploy in between) is tried again: a few times while the part stays wanted, and again
// the next time it is wanted. Until the code is there the part renders nothing, as a closed menu does.
import { type ComponentType, useEffect, useState } from 'react';

/** How long to wait before trying a failed load again, per try; then the part waits to be wanted again. */
const RETRY_DELAYS_MS = [500, 1500, 4000];

export interface LazyPart<P> {
  (props: P): React.ReactElement | null;
  /** Starts loading the code (once at a time; a failed load may be started again). */
  preload(): Promise<ComponentType<P>>;
}

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
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

  function Part(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failures, setFailures] = useState(0);
    useEffect(() => {
      if (Component) return;
      let live = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      preload().then(
        (component) => {
          if (live) setComponent(() => component);
        },
        () => {
          const delay = retryDelaysMs[failures];
          if (live && delay !== undefined) timer = setTimeout(() => setFailures(failures + 1), delay);
        },
      );
      return () => {
        live = false;
        if (timer) clearTimeout(timer);
      };
    }, [Component, failures]);
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(Part, { preload });
}
