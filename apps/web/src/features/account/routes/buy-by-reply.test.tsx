import { REPLY_TO_BUY_MSG, replyToBuyWords } from '@quokka/contract/api/reply-to-buy';
import { MSG } from '@quokka/contract/messages';
import { TEXT_OFFERS_MSG } from '@quokka/contract/text-offers-messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { MASTERCARD, stubReplyToBuyApi, VISA } from '../test/fake-reply-to-buy-api';

async function openPage() {
  signIn('tok');
  const view = renderApp('/account/textoffers');
  await screen.findByRole('heading', { level: 1, name: TEXT_OFFERS_MSG.heading }, { timeout: 5_000 });
  const section = await screen.findByRole('region', { name: REPLY_TO_BUY_MSG.heading }, { timeout: 5_000 });
  await within(section).findByRole('switch', { name: REPLY_TO_BUY_MSG.switchLabel }, { timeout: 5_000 });
  return { ...view, section };
}

const buySwitch = () => screen.getByRole('switch', { name: REPLY_TO_BUY_MSG.switchLabel });

// The first render loads the screen's chunk, slow on a busy machine.
describe('/account/textoffers › Buy by reply', { timeout: 20_000 }, () => {
  it('[I30] says what it does before the switch (the confirmation, the limit, the address, STOP), where it sends and which card', async () => {
    stubReplyToBuyApi();
    const { section } = await openPage();
    const words = within(section).getByText(replyToBuyWords(30_000));
    expect(words.textContent).toMatch(/reply BUY/);
    expect(words.textContent).toMatch(/Reply YES within 10 minutes and we charge your saved card/);
    expect(words.textContent).toMatch(/Up to \$300\.00 an order/);
    expect(words.textContent).toMatch(/default shipping address/);
    expect(words.textContent).toMatch(
      /Turn it off here at any time; replying STOP to any text turns it off too/,
    );
    const toggle = buySwitch();
    // The words come first, and the switch is described by them.
    expect(words.compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(toggle).toHaveAccessibleDescription(replyToBuyWords(30_000));
    expect(toggle).not.toBeChecked();
    expect(within(section).getByText('1 Harbour St, Sydney')).toBeInTheDocument();
    const cards = within(section).getByLabelText(REPLY_TO_BUY_MSG.cardLabel);
    expect(
      within(cards)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Visa •••• 4242', 'Mastercard •••• 4444']);
    // The sellers' switches are still there, apart from this one.
    expect(screen.getAllByRole('switch')).toHaveLength(3);
  });

  it('[I30] the switch PUTs on with the card chosen, shows on, and off again', async () => {
    const api = stubReplyToBuyApi();
    const { user, section } = await openPage();
    await user.selectOptions(
      within(section).getByLabelText(REPLY_TO_BUY_MSG.cardLabel),
      'Mastercard •••• 4444',
    );
    // Choosing a card while off sends nothing: the switch turns it on with it.
    expect(api.puts()).toEqual([]);
    await user.click(buySwitch());
    await waitFor(() => expect(api.puts()).toEqual([{ enabled: true, payment_method: MASTERCARD.id }]));
    await waitFor(() => expect(buySwitch()).toHaveAttribute('aria-disabled', 'false'));
    expect(buySwitch()).toBeChecked();
    expect(api.state).toMatchObject({ enabled: true, card: MASTERCARD });

    await user.click(buySwitch());
    await waitFor(() => expect(buySwitch()).not.toBeChecked());
    expect(api.puts().at(-1)).toEqual({ enabled: false });
  });

  it('[I30] on, a new card is PUT at once', async () => {
    const api = stubReplyToBuyApi({ enabled: true, card: VISA });
    const { user, section } = await openPage();
    expect(buySwitch()).toBeChecked();
    const cards = within(section).getByLabelText(REPLY_TO_BUY_MSG.cardLabel);
    expect(cards).toHaveValue(VISA.id);
    await user.selectOptions(cards, 'Mastercard •••• 4444');
    await waitFor(() => expect(api.puts()).toEqual([{ enabled: true, payment_method: MASTERCARD.id }]));
    await waitFor(() => expect(api.state.card).toEqual(MASTERCARD));
    expect(within(section).getByLabelText(REPLY_TO_BUY_MSG.cardLabel)).toHaveValue(MASTERCARD.id);
  });

  it('[I30] without a saved card or a default address: it says so, and a switch refused by the server goes back with its words', async () => {
    stubReplyToBuyApi({ cards: [], address: null });
    const { user, section } = await openPage();
    expect(within(section).getByText(REPLY_TO_BUY_MSG.noCards)).toBeInTheDocument();
    expect(within(section).getByText(REPLY_TO_BUY_MSG.noAddress)).toBeInTheDocument();
    expect(within(section).queryByLabelText(REPLY_TO_BUY_MSG.cardLabel)).toBeNull();
    await user.click(buySwitch());
    const popup = await screen.findByRole('dialog', { name: MSG.somethingWentWrong });
    expect(
      within(popup).getByText(`${REPLY_TO_BUY_MSG.noCards} ${REPLY_TO_BUY_MSG.noAddress}`),
    ).toBeInTheDocument();
    await waitFor(() => expect(buySwitch()).not.toBeChecked());
    expect(buySwitch()).toHaveAttribute('aria-disabled', 'false');
  });

  it('[I30] turned off by a STOP reply: the section says so', async () => {
    stubReplyToBuyApi({ enabled: false, card: VISA, turned_off_via: 'stop' });
    const { section } = await openPage();
    expect(within(section).getByText(REPLY_TO_BUY_MSG.offByStop)).toBeInTheDocument();
    expect(buySwitch()).not.toBeChecked();
  });
});
