// axe-core in the page under test: the WCAG 2.1 A and AA rules, and a readable list of what broke.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated through the DevTools protocol: the storefront's CSP (rightly) refuses an injected <script>.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// WCAG 2.1 A/AA, and axe's best practices (heading order, one landmark of each kind, …).
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe on the page as it is now; answers one line per violating element, empty when clean. */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the script above defines.
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations as AxeViolation[];
  }, TAGS);
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' ')}` +
        (node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ').trim()}` : ''),
    ),
  );
}

/**
 * How much wider than the phone's screen the page is (0 when nothing scrolls sideways). Measured
 * against the viewport we set, not `innerWidth`: on a phone, content wider than the screen widens the
 * layout viewport itself, so `scrollWidth <= innerWidth` would hold while the page scrolls sideways.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  const screenWidth = page.viewportSize()?.width ?? 0;
  const width = await page.evaluate(() =>
    Math.max(document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth),
  );
  return Math.max(0, width - screenWidth);
}
