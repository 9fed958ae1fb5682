// [I11-18] The address forms (registration, checkout's 'Add New Address', the account's add and edit)
// are one form: the same fields in the same order, the mobile shown the Australian way ('0412 345 678')
// with the phone keypad, the same messages for the same mistakes, and the detailed fields revealed by
// the same rule. A shopper who learnt one form knows the others.
import type { ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot } from './support/browser.ts';
import { API, newMobile, registerMember, signInLink, signInWithLink } from './support/sign-in.ts';

let browser: Browser;
let simple: ProductTile | undefined;

interface FormReading {
  /** The address fields' labels in page order, once a submit has revealed the detailed ones. */
  labels: string[];
  /** The mobile field as shown, and how it asks for input. */
  mobile: { value: string; type: string | null; inputMode: string | null; placeholder: string | null };
  /** Messages after clearing the name and submitting. */
  messages: string[];
}

const ADDRESS_LABELS = new Set<string>([
  MSG.fullNameLabel,
  MSG.mobileLabel,
  MSG.addressSearchLabel,
  MSG.streetAddressLabel,
  MSG.suburbLabel,
  MSG.stateLabel,
  MSG.postcodeLabel,
  MSG.countryLabel,
]);

async function read(form: Locator, submit: string): Promise<FormReading> {
  await form.getByLabel(MSG.addressSearchLabel, { exact: true }).waitFor();
  const field = form.getByLabel(MSG.mobileLabel, { exact: true });
  const mobile = {
    value: await field.inputValue(),
    type: await field.getAttribute('type'),
    inputMode: await field.getAttribute('inputmode'),
    placeholder: await field.getAttribute('placeholder'),
  };
  // A missing name and a missing address: every form reveals its detailed fields and says why.
  await form.getByLabel(MSG.fullNameLabel, { exact: true }).fill('');
  await form.getByRole('button', { name: submit, exact: true }).click();
  await form.locator('.field__error').first().waitFor();
  const messages = (await form.locator('.field__error').allTextContents())
    .map((text) => text.trim())
    .filter(Boolean);
  const labels = (await form.locator('label').allTextContents())
    .map((text) => text.replace(/\s*\*$/, '').trim())
    .filter((text) => ADDRESS_LABELS.has(text));
  return { labels, mobile, messages };
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (let number = 1; number <= 8 && !simple; number += 1) {
    const { data } = (await (await fetch(`${baseURL()}${API}/browseProducts?page=${number}`)).json()) as {
      data: ProductTile[];
    };
    const tile = data.find((entry) => entry.type_id === 'simple' && !entry.is_giftcard && entry.qty > 5);
    if (tile) simple = tile;
  }
  if (!simple) throw new Error('the demo shop has no simple product in stock');
});

afterAll(() => browser?.close());

describe('the address forms behave the same at 390×844 [I11-18]', () => {
  it('[I11-18] [ACCT-09] [CHK-11] [REG-06] registration, checkout and the account show the same fields, the mobile the Australian way, and the same messages', {
    timeout: 180_000,
  }, async () => {
    const readings: Record<string, FormReading> = {};

    // Registration: the new shopper's own form.
    const newcomer = newMobile();
    const register = await openPage(browser, await signInLink(newcomer.national));
    await register
      .getByRole('dialog', { name: MSG.welcomeTitle })
      .getByRole('button', { name: MSG.gotIt })
      .click();
    readings.register = await read(register.locator('main form'), MSG.register);
    await screenshot(register, 'address-form-register');
    await register.context().close();

    // A member: the account's add and edit, then checkout's 'Add New Address'.
    const member = newMobile();
    await registerMember(member, 'Ada Gum');
    const page: Page = await openPage(browser, null);
    await signInWithLink(page, member);

    await page.goto('/account/addaddress');
    readings.accountAdd = await read(page.locator('main form'), MSG.saveAddress);
    await screenshot(page, 'address-form-account-add');

    await page.goto('/account/addressinformation');
    await page
      .getByRole('link', { name: new RegExp(`^${MSG.edit}`) })
      .first()
      .click();
    await page.waitForURL(/addaddress/);
    readings.accountEdit = await read(page.locator('main form'), MSG.saveAddress);

    await page.goto(`/product/${simple?.id}`);
    await page.getByRole('button', { name: MSG.addToCart, exact: true }).click();
    await page
      .getByRole('dialog', { name: MSG.cartTitle })
      .getByRole('button', { name: MSG.checkout })
      .click();
    await page.waitForURL('**/checkout');
    await page
      .getByRole('button', { name: /Add New$/ })
      .first()
      .click();
    const checkoutForm = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: MSG.saveAddress }) });
    await checkoutForm.waitFor();
    readings.checkout = await read(checkoutForm, MSG.saveAddress);
    await screenshot(page, 'address-form-checkout');
    await page.context().close();

    // The same address fields in the same order everywhere. The registration puts the proven mobile
    // (read-only) above the name, as the member's identity; the account and checkout forms, where the
    // mobile is the delivery contact, put the name first. Both forms have both.
    const addressPart = (reading: FormReading | undefined) =>
      reading?.labels.filter((label) => label !== MSG.fullNameLabel && label !== MSG.mobileLabel);
    expect(addressPart(readings.accountAdd)).toEqual([
      MSG.addressSearchLabel,
      MSG.streetAddressLabel,
      MSG.suburbLabel,
      MSG.stateLabel,
      MSG.postcodeLabel,
      MSG.countryLabel,
    ]);
    for (const name of ['register', 'accountEdit', 'checkout']) {
      expect({ name, labels: addressPart(readings[name]) }).toEqual({
        name,
        labels: addressPart(readings.accountAdd),
      });
      expect({ name, has: readings[name]?.labels.slice().sort() }).toEqual({
        name,
        has: readings.accountAdd?.labels.slice().sort(),
      });
    }
    expect(readings.checkout?.labels).toEqual(readings.accountAdd?.labels);
    expect(readings.accountEdit?.labels).toEqual(readings.accountAdd?.labels);

    // The mobile the Australian way everywhere, and the phone keypad wherever it is typed.
    for (const [name, reading] of Object.entries(readings)) {
      expect({ name, value: reading.mobile.value }).toEqual({
        name,
        value: expect.stringMatching(/^04\d\d \d{3} \d{3}$/),
      });
      expect({ name, type: reading.mobile.type }).toEqual({ name, type: 'tel' });
    }
    for (const name of ['accountAdd', 'accountEdit', 'checkout']) {
      expect({
        name,
        inputMode: readings[name]?.mobile.inputMode,
        placeholder: readings[name]?.mobile.placeholder,
      }).toEqual({
        name,
        inputMode: 'tel',
        placeholder: MSG.mobilePlaceholder,
      });
    }

    // The same message for the same missing name, and for the same missing address.
    for (const [name, reading] of Object.entries(readings))
      expect({ name, has: reading.messages.includes(MSG.fullName) }).toEqual({ name, has: true });
    for (const name of ['register', 'accountAdd', 'checkout']) {
      expect({
        name,
        messages: readings[name]?.messages.filter((text) => text.startsWith('Missing')),
      }).toEqual({
        name,
        messages: [MSG.missingStreet, MSG.missingSuburb, MSG.missingState, MSG.missingPostcode],
      });
    }
  });
});
