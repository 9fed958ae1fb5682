// Waiting for a screen to stop moving, instead of a fixed pause: a popup's entrance (0.15–0.3 s), a
// smooth scroll to the first error, a picture still loading. A fixed 400–600 ms was both too long (most
// screens are still after a frame or two) and, on a loaded 2-core machine, sometimes too short.
import type { Page } from 'playwright-core';

/**
 * Resolves once the page is still: no finite CSS animation or transition running (a spinner's endless
 * turn does not count; its screen is not settled by waiting), no web font loading, every picture in the
 * viewport loaded (or failed), and the scroll position of the page and of every scrolled box the same
 * over two animation frames in a row. Screenshots and axe runs wait for it, so they see the screen a
 * person would, not a popup half faded in (axe would measure the contrast of a half-transparent text).
 *
 * It polls with the page's animation frames, so a page whose clock is faked (`page.clock.install`)
 * must run its clock, or use a wait for the element it needs.
 */
export async function settled(page: Page, timeout = 15_000): Promise<void> {
  // A count left by an earlier wait on this document must not let this one pass on its first frame.
  await page.evaluate(() => {
    delete (window as unknown as { __e2eSettle?: unknown }).__e2eSettle;
  });
  await page.waitForFunction(
    () => {
      type Probe = { key: string; still: number };
      const probe = window as unknown as { __e2eSettle?: Probe };
      const moving = document.getAnimations().some((animation) => {
        if (animation.playState !== 'running') return false;
        return animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY;
      });
      const inView = (box: DOMRect) =>
        box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
      const loading = Array.from(document.images).some(
        (image) => !image.complete && inView(image.getBoundingClientRect()),
      );
      const scrolled = Array.from(document.querySelectorAll('*'))
        .filter((element) => element.scrollTop !== 0 || element.scrollLeft !== 0)
        .map((element) => `${element.scrollTop},${element.scrollLeft}`);
      const key = [window.scrollX, window.scrollY, ...scrolled].join(' ');
      const last = probe.__e2eSettle;
      const still = last && last.key === key ? last.still + 1 : 0;
      probe.__e2eSettle = { key, still };
      // Two frames with the same scroll position after the one that first saw it.
      return !moving && !loading && document.fonts.status === 'loaded' && still >= 2;
    },
    null,
    { polling: 'raf', timeout },
  );
}
