// [I26] The web project's files share their worker's modules (isolate: false). A screen's code loads when
// it is first shown (a dynamic import, app/lazy-screen.tsx); a test that ends before that load does leaves
// it under way, and a load cut off when its file ended failed that screen in the worker for the files after
// it (a whole file of checkout tests once showed 'Unexpected Error'). Every screen's module is loaded
// before a file's tests (once a worker; later files find them loaded), so no screen's load is ever under
// way when a file ends. How a screen behaves while its code loads is tested with screens of its own
// (app/lazy-screen.test.tsx).
import type { RouteObject } from 'react-router';
import { beforeAll } from 'vitest';
import type { ScreenHandle } from '../app/lazy-screen';
import { routes } from '../app/router';

function preloads(list: RouteObject[]): Promise<unknown>[] {
  return list.flatMap((route) => [
    ...(route.handle && typeof (route.handle as ScreenHandle).preload === 'function'
      ? [(route.handle as ScreenHandle).preload()]
      : []),
    ...preloads(route.children ?? []),
  ]);
}

beforeAll(async () => {
  await Promise.all(preloads(routes));
});
