import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState, signIn } from '../../../lib/app-state';
import { STORAGE_KEYS, setItem } from '../../../lib/storage';
import { renderApp } from '../../../test/render-app';
import { json, NS } from '../../cart/test/fake-shop-api';
import { fakeGiftCardApi } from '../test/fake-gift-card-api';

const ADD_PATH = '/giftcard/add/153/SL-GIFT-CARD-50/77/601';

async function openAdd(options: { mobile?: string } = {}) {
  const api = fakeGiftCardApi();
  setItem(STORAGE_KEYS.mobile, options.mobile ?? '+61498765432');
  signIn('member-token');
  const view = renderApp(ADD_PATH);
  await screen.findByRole('heading', { level: 1, name: MSG.giftCardRecipientHeading });
  return { api, ...view };
}

const field = (label: string) => screen.getByLabelText(label);
const counter = () => screen.getByTestId('message-counter');

async function fillValid(view: Awaited<ReturnType<typeof openAdd>>) {
  await view.user.type(field(MSG.giftFirstnameLabel), 'Ava');
  await view.user.type(field(MSG.giftLastnameLabel), 'Nguyen');
  await view.user.type(field(MSG.giftMobileLabel), '0412 345 678');
  await view.user.type(field(MSG.giftMessageLabel), 'Happy birthday!');
}

describe('/giftcard/add/{productid}/{configurableproductsku}/{cartid}/{cartitemid}', () => {
  it("[ROUTE-27] [GIFT-04] [GIFT-05] [GIFT-06] [GIFT-07] firstname, lastname, mobile, message with a counter out of 160, the purchaser's mobile (prefilled) and 'Submit'", async () => {
    await openAdd();
    for (const label of [
      MSG.giftFirstnameLabel,
      MSG.giftLastnameLabel,
      MSG.giftMobileLabel,
      MSG.giftMessageLabel,
    ]) {
      expect(field(label)).toHaveValue('');
    }
    expect(counter()).toHaveTextContent(`0/160 ${MSG.smsCharacters}`);
    // [GIFT-06] The signed-in member's own mobile, for the receipt.
    expect(field(MSG.giftReceiptMobileLabel)).toHaveValue('0498 765 432');
    expect(screen.getByRole('button', { name: MSG.submit })).toBeInTheDocument();
  });

  it('[VAL-41] [VAL-42] [VAL-43] [VAL-44] [VAL-45] an empty form shows every message of §5 and sends nothing', async () => {
    const view = await openAdd({ mobile: '' });
    await view.user.clear(field(MSG.giftReceiptMobileLabel));
    await view.user.click(screen.getByRole('button', { name: MSG.submit }));
    const alerts = (await screen.findAllByRole('alert')).map((alert) => alert.textContent);
    expect(alerts).toEqual([
      MSG.giftFirstname,
      MSG.giftLastname,
      MSG.giftMobile,
      MSG.giftMessage,
      MSG.giftReceiptMobile,
    ]);
    expect(field(MSG.giftFirstnameLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(field(MSG.giftFirstnameLabel)).toHaveFocus();
    expect(view.api.log((call) => call.path.endsWith('savegiftcarddetails'))).toEqual([]);
  });

  it('[VAL-43] a mobile that is not an Australian mobile is refused with the mobile message', async () => {
    const view = await openAdd();
    await fillValid(view);
    await view.user.clear(field(MSG.giftMobileLabel));
    await view.user.type(field(MSG.giftMobileLabel), '12345');
    await view.user.click(screen.getByRole('button', { name: MSG.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.validMobile);
  });

  it('[VAL-46] [VAL-47] [VAL-48] [CONST-24] the counter: 160 GSM characters in one part, then 153 per part', async () => {
    const view = await openAdd();
    const message = field(MSG.giftMessageLabel);
    await view.user.click(message);
    await view.user.paste('a'.repeat(160));
    expect(counter()).toHaveTextContent(`160/160 ${MSG.smsCharacters}`);
    expect(counter()).toHaveTextContent(`1 ${MSG.smsPart}`);
    await view.user.type(message, 'b');
    expect(counter()).toHaveTextContent(`161/160 ${MSG.smsCharacters}`);
    expect(counter()).toHaveTextContent(`2 ${MSG.smsParts} · 153 ${MSG.smsPerPart}`);
    // One part is what a gift card message may take.
    await fillValid(view);
    await view.user.click(screen.getByRole('button', { name: MSG.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.giftMessageTooLong);
  });

  it('[VAL-49] [VAL-50] [CONST-25] Unicode text: 70 characters in one part, then 67 per part', async () => {
    const view = await openAdd();
    const message = field(MSG.giftMessageLabel);
    await view.user.click(message);
    await view.user.paste(`Chúc mừng ${'x'.repeat(60)}`);
    expect(counter()).toHaveTextContent(`70/70 ${MSG.smsCharacters}`);
    expect(counter()).toHaveTextContent(`1 ${MSG.smsPart}`);
    await view.user.type(message, 'y');
    expect(counter()).toHaveTextContent(`71/70 ${MSG.smsCharacters}`);
    expect(counter()).toHaveTextContent(`2 ${MSG.smsParts} · 67 ${MSG.smsPerPart}`);
  });

  it('[API-37] [GIFTF-01] Submit saves the card for the cart line and goes on to send now or schedule', async () => {
    const view = await openAdd();
    await fillValid(view);
    await view.user.click(screen.getByRole('button', { name: MSG.submit }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/giftcard/sendnoworschedule/40'));
    const save = view.api.calls.find((call) => call.path === `${NS}/savegiftcarddetails`);
    expect(save?.method).toBe('POST');
    expect(save?.headers.authorization).toBe('Bearer member-token');
    expect(save?.body).toEqual({
      data: {
        cart_id: 77,
        cart_item_id: 601,
        product_id: 153,
        configurable_product_sku: 'SL-GIFT-CARD-50',
        recipient_firstname: 'Ava',
        recipient_lastname: 'Nguyen',
        recipient_mobile: '0412 345 678',
        recipient_message: 'Happy birthday!',
        purchaser_mobile: '0498 765 432',
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.sendNowOrScheduleHeading }),
    ).toBeVisible();
  });

  it('[VAL-51] the server input_validation messages are shown beside their fields', async () => {
    const view = await openAdd();
    view.api.answer('POST', `${NS}/savegiftcarddetails`, () =>
      json(
        {
          status: false,
          code: 'INPUT_VALIDATION',
          message: 'Please enter a valid mobile',
          input_validation: {
            recipient_mobile: ['Please enter a valid mobile'],
            recipient_message: ['Your message is too long'],
          },
        },
        400,
      ),
    );
    await fillValid(view);
    await view.user.click(screen.getByRole('button', { name: MSG.submit }));
    const mobile = field(MSG.giftMobileLabel);
    await waitFor(() => expect(mobile).toHaveAttribute('aria-invalid', 'true'));
    const mobileField = mobile.closest('.field') as HTMLElement;
    expect(within(mobileField).getByRole('alert')).toHaveTextContent('Please enter a valid mobile');
    const messageField = field(MSG.giftMessageLabel).closest('.field') as HTMLElement;
    expect(within(messageField).getByRole('alert')).toHaveTextContent('Your message is too long');
    expect(view.router.state.location.pathname).toBe(ADD_PATH);
    expect(getAppState().message).toBeNull();
  });

  it('a refusal that is not about a field (a cart that is not the member’s) opens the message popup', async () => {
    const view = await openAdd();
    view.api.answer('POST', `${NS}/savegiftcarddetails`, () =>
      json({ message: 'The cart does not exist.', code: 'NOT_FOUND' }, 404),
    );
    await fillValid(view);
    await view.user.click(screen.getByRole('button', { name: MSG.submit }));
    await waitFor(() => expect(getAppState().message?.text).toBe('The cart does not exist.'));
    expect(view.router.state.location.pathname).toBe(ADD_PATH);
  });

  it('a visitor is asked to sign in first', async () => {
    fakeGiftCardApi();
    renderApp(ADD_PATH);
    await screen.findByRole('heading', { level: 1, name: MSG.giftCardRecipientHeading });
    expect(screen.getByText(MSG.giftCardSignIn)).toBeVisible();
    expect(getAppState().popup).toBe('mobile');
    expect(screen.queryByLabelText(MSG.giftFirstnameLabel)).not.toBeInTheDocument();
  });
});
