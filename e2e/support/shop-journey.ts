// The steps a back-office journey takes on its own server (one with its own data directory, so the CLI
// can add staff before it starts): the sandbox outbox, sign-in links from the CLI, a registered shopper,
// filling a cart as Add To Cart does (through the API) and paying with the sandbox Visa.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { putInCart } from './cart.ts';
import { type RunningServer, runCli, runScript } from './server.ts';
import { API, signInLink, type TestMobile } from './sign-in.ts';

/**
 * [I26] A new data directory holding the demo shop, for a journey that starts its own server: a copy of the
 * one `e2e/global-setup.ts` seeds with `npm run cli -- seed` once per run (a seed took a journey 5–9 s of
 * a core; a copy takes a fraction of a second). Without that setup (E2E_BASE_URL) the CLI seeds this one.
 */
export async function seededDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const seeded = inject('seededDataDir');
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  else await runCli(['seed'], dataDir);
  return dataDir;
}

export interface OutboxMessage {
  id: number;
  to: string;
  kind: 'sms' | 'mms';
  body: string;
  media_url: string | null;
  status?: string;
}

export interface ShopperAddress {
  street: string;
  city: string;
  postcode: string;
  region: string;
  regionCode: string;
  regionId: number;
}

export const BONDI: ShopperAddress = {
  street: '5 Ocean St',
  city: 'Bondi',
  postcode: '2026',
  region: 'New South Wales',
  regionCode: 'NSW',
  regionId: 570,
};

export class ShopJourney {
  constructor(
    readonly server: RunningServer,
    readonly dataDir: string,
  ) {}

  /** `npm run cli -- <args>` on this journey's data directory; its standard output. */
  async cli(args: string[]): Promise<string> {
    return runCli(args, this.dataDir);
  }

  /**
   * `npm run cli -- staff add <args>` for each argument list, all in one process (support/add-staff.ts runs
   * the CLI's staff command for each); its standard output.
   */
  addStaff(lists: string[][]): Promise<string> {
    return runScript('e2e/support/add-staff.ts', [JSON.stringify(lists)], this.dataDir);
  }

  async getJson<T>(path: string): Promise<T> {
    const reply = await fetch(`${this.server.baseURL}${path}`);
    if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
    return (await reply.json()) as T;
  }

  /** The texts and picture messages to a number, waiting up to 15 s for at least `atLeast`. */
  async messagesTo(mobile: string, atLeast: number, kind?: 'sms' | 'mms'): Promise<OutboxMessage[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const outbox = await this.getJson<OutboxMessage[]>('/dev/messages.json');
      const found = outbox.filter((m) => m.to === mobile && (!kind || m.kind === kind));
      if (found.length >= atLeast || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  /** The newest 6-digit code texted to a number. */
  async latestCode(mobile: string): Promise<string> {
    const [message] = await this.messagesTo(mobile, 1, 'sms');
    const code = message?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code was texted to ${mobile}`);
    return code;
  }

  /** Moves the server's TEST_CLOCK forward (POST /dev/clock); the server's new now. */
  async advanceClock(ms: number): Promise<Date> {
    const reply = await fetch(`${this.server.baseURL}/dev/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance_ms: ms }),
    });
    if (!reply.ok) throw new Error(`/dev/clock answered ${reply.status}`);
    return new Date(((await reply.json()) as { now: string }).now);
  }

  /**
   * A sign-in link's path for the member, as the CLI makes it, on this journey's data directory, made at the
   * server's now (its TEST_CLOCK, read by moving it 1 ms): a journey's server may run days ahead of the real
   * time (the next Monday at 10:00 in Sydney), and a link made at the real time was then already expired.
   */
  async signInPath(mobile: TestMobile): Promise<string> {
    return signInLink(mobile.national, {}, this.dataDir, await this.advanceClock(1));
  }

  /**
   * Registers a member with one address, in NSW unless `where` says otherwise (the createAccount call the
   * registration screen makes).
   */
  async registerShopper(
    mobile: TestMobile,
    firstname: string,
    lastname: string,
    where: ShopperAddress = BONDI,
  ): Promise<void> {
    const jwt = decodeURIComponent((await this.signInPath(mobile)).replace('/autologin/', ''));
    const address = {
      firstname,
      lastname,
      telephone: mobile.e164,
      street: [where.street],
      city: where.city,
      postcode: where.postcode,
      region: { region: where.region, region_code: where.regionCode, region_id: where.regionId },
      region_id: where.regionId,
      country_id: 'AU',
      default_shipping: true,
      default_billing: true,
    };
    const reply = await fetch(`${this.server.baseURL}${API}/createAccount`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customer: {
          email: `${firstname.toLowerCase()}.${mobile.e164.slice(-6)}@example.com`,
          firstname,
          lastname,
          store_id: 19,
          website_id: 1,
          addresses: [address],
        },
        mobile: mobile.e164,
        r_token: 'e2e',
        campaign_id: null,
        jwt,
      }),
    });
    if (!reply.ok) throw new Error(`createAccount answered ${reply.status}: ${await reply.text()}`);
  }

  /**
   * Adds one of each product to the signed-in shopper's cart as Add To Cart does, through the API
   * (support/cart.ts): these journeys are about what the back office sees of the order, and the product
   * page's button is tested by the storefront's journeys. The cart shows after the page's next load
   * (`openCheckout`, `payWithVisa`).
   */
  async fillCart(shopper: Page, products: ProductTile[]): Promise<void> {
    for (const product of products) await putInCart(shopper, product, { origin: this.server.baseURL });
  }

  /** Opens /checkout and waits until it is ready to pay. */
  async openCheckout(shopper: Page): Promise<void> {
    await shopper.goto('/checkout');
    await shopper.getByRole('button', { name: MSG.confirmPurchase }).waitFor();
    await shopper.getByRole('status').filter({ hasText: MSG.fetchingCart }).waitFor({ state: 'detached' });
  }

  /** Pays the open checkout with the sandbox Visa 4242; returns the order number /success shows. */
  async payWithVisa(shopper: Page, options: { open?: boolean } = {}): Promise<string> {
    if (options.open !== false) await this.openCheckout(shopper);
    const newCard = shopper.getByRole('radio', { name: MSG.addNewCard });
    if (await newCard.isVisible()) {
      if (!(await newCard.isChecked())) await newCard.check();
      await shopper.getByLabel(MSG.cardNumberLabel, { exact: true }).fill('4242 4242 4242 4242');
      await shopper.getByLabel(MSG.cardExpiryLabel).fill('12 / 34');
      await shopper.getByLabel(MSG.cardCvcLabel).fill('123');
    }
    await shopper.getByRole('button', { name: MSG.confirmPurchase }).click();
    await shopper.waitForURL('**/success', { timeout: 20_000 });
    return ((await shopper.getByTestId('order-number').textContent()) ?? '').replace(/\D/g, '');
  }
}

/**
 * The first few elements whose right edge runs past `width` (the narrowest phone's), leaving out those
 * inside a strip that scrolls sideways on purpose (the nav, the dashboard figures): empty when nothing
 * runs off the side of the page.
 */
export async function elementsPastRightEdge(page: Page, width: number): Promise<string[]> {
  return page.evaluate(
    (edge) =>
      Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
        .filter((element) => {
          for (let up = element.parentElement; up; up = up.parentElement)
            if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(up).overflowX)) return false;
          return true;
        })
        .slice(0, 5)
        .map(
          (element) =>
            `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`,
        ),
    width,
  );
}
