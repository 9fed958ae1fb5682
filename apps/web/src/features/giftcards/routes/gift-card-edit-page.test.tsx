import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState, signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { errorReply, NS } from '../../cart/test/fake-shop-api';
import { fakeGiftCardApi } from '../test/fake-gift-card-api';
import { aGiftCard } from '../test/gift-card-factories';

async function openEdit() {
  const api = fakeGiftCardApi({ cards: [aGiftCard()] });
  signIn('member-token');
  const view = renderApp('/giftcard/edit/7');
  await screen.findByRole('heading', { level: 1, name: MSG.editGiftCardRecipientHeading });
  await screen.findByDisplayValue('Ava');
  return { api, ...view };
}

const field = (label: string) => screen.getByLabelText(label);

describe('/giftcard/edit/{giftcarddetailsid}', () => {
  it("[ROUTE-28] the recipient form is filled with the card's details", async () => {
    await openEdit();
    expect(field(MSG.giftFirstnameLabel)).toHaveValue('Ava');
    expect(field(MSG.giftLastnameLabel)).toHaveValue('Nguyen');
    expect(field(MSG.giftMobileLabel)).toHaveValue('0412 345 678');
    expect(field(MSG.giftMessageLabel)).toHaveValue('Happy birthday!');
    expect(field(MSG.giftReceiptMobileLabel)).toHaveValue('0498 765 432');
    expect(screen.getByTestId('message-counter')).toHaveTextContent(`15/160 ${MSG.smsCharacters}`);
  });

  it('[API-38] [GIFTF-02] saving sends the id and the form values as JSON text, then returns to send now or schedule', async () => {
    const { api, user, router } = await openEdit();
    await user.clear(field(MSG.giftMessageLabel));
    await user.type(field(MSG.giftMessageLabel), 'Happy 30th!');
    await user.click(screen.getByRole('button', { name: MSG.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/giftcard/sendnoworschedule/7'));
    const body = api.calls.find((call) => call.path === `${NS}/editgiftcarddetails`)?.body as {
      gift_card_details_id: number;
      data: string;
    };
    expect(body.gift_card_details_id).toBe(7);
    expect(typeof body.data).toBe('string');
    expect(JSON.parse(body.data)).toEqual({
      recipient_firstname: 'Ava',
      recipient_lastname: 'Nguyen',
      recipient_mobile: '0412 345 678',
      recipient_message: 'Happy 30th!',
      purchaser_mobile: '0498 765 432',
    });
    // The screen shows what was saved. Looked up inside waitFor: the refetch after the save may
    // re-render the text, and a node found before that would be detached by the time it is checked.
    await waitFor(() => expect(screen.getByText('Happy 30th!')).toBeVisible());
  });

  it('[VAL-41] [VAL-44] the §5 messages apply when editing too', async () => {
    const { api, user } = await openEdit();
    await user.clear(field(MSG.giftFirstnameLabel));
    await user.clear(field(MSG.giftMessageLabel));
    await user.click(screen.getByRole('button', { name: MSG.submit }));
    const alerts = (await screen.findAllByRole('alert')).map((alert) => alert.textContent);
    expect(alerts).toEqual([MSG.giftFirstname, MSG.giftMessage]);
    expect(api.log((call) => call.path.endsWith('editgiftcarddetails'))).toEqual([]);
  });

  it('[VAL-51] [API-38] a reply with status false and input_validation shows the messages per field', async () => {
    const { api, user, router } = await openEdit();
    api.answer('POST', `${NS}/editgiftcarddetails`, () =>
      errorReply('INPUT_VALIDATION', 'Please enter a valid mobile', {
        status: false,
        input_validation: { purchaser_mobile: ['Please enter a valid mobile'] },
      }),
    );
    await user.click(screen.getByRole('button', { name: MSG.submit }));
    const receipt = field(MSG.giftReceiptMobileLabel);
    await waitFor(() => expect(receipt).toHaveAttribute('aria-invalid', 'true'));
    expect(within(receipt.closest('.field') as HTMLElement).getByRole('alert')).toHaveTextContent(
      'Please enter a valid mobile',
    );
    expect(router.state.location.pathname).toBe('/giftcard/edit/7');
  });

  it('a card already ordered (409) cannot be changed: the server says why', async () => {
    const { api, user, router } = await openEdit();
    api.answer('POST', `${NS}/editgiftcarddetails`, () =>
      errorReply('CONFLICT', 'This gift card is already ordered and can no longer be changed.'),
    );
    await user.click(screen.getByRole('button', { name: MSG.submit }));
    await waitFor(() =>
      expect(getAppState().message?.text).toBe(
        'This gift card is already ordered and can no longer be changed.',
      ),
    );
    expect(router.state.location.pathname).toBe('/giftcard/edit/7');
  });
});
