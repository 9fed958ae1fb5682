import { textOffersWords } from '@quokka/contract/api/text-offers';
import { MSG } from '@quokka/contract/messages';
import { TEXT_OFFERS_MSG } from '@quokka/contract/text-offers-messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { jsonReply } from '../../../test/fake-replies';
import { renderApp } from '../../../test/render-app';
import { aTextOffer, stubTextOffersApi, TEXT_OFFERS_PATH } from '../test/fake-text-offers-api';

const SALTLINE = textOffersWords('Saltline Surf Co.');
const BUSH = textOffersWords('Bush Crafts');

async function openPage() {
  signIn('tok');
  const view = renderApp('/account/textoffers');
  await screen.findByRole('heading', { level: 1, name: TEXT_OFFERS_MSG.heading }, { timeout: 5_000 });
  await screen.findByRole('switch', { name: SALTLINE }, { timeout: 5_000 });
  return view;
}

// The first render loads the screen's chunk, slow on a busy machine.
describe('/account/textoffers', { timeout: 20_000 }, () => {
  it('[I29] lists every seller with a switch in its state, the mobile, what switching on means, and the ones waiting for YES', async () => {
    const api = stubTextOffersApi({
      mobile: '0498 111 222',
      sellers: [
        aTextOffer({ seller_id: 2, seller_name: 'Saltline Surf Co.' }),
        aTextOffer({ seller_id: 5, seller_name: 'Bush Crafts', subscribed: true }),
        aTextOffer({ seller_id: 9, seller_name: 'Harbour Mugs', pending: true }),
      ],
    });
    await openPage();
    expect(screen.getAllByRole('switch').map((item) => item.getAttribute('aria-checked'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    expect(screen.getByRole('switch', { name: BUSH })).toBeChecked();
    const waiting = screen.getByRole('switch', { name: textOffersWords('Harbour Mugs') });
    expect(waiting).toHaveAccessibleDescription(TEXT_OFFERS_MSG.pending);
    expect(screen.getAllByText(TEXT_OFFERS_MSG.pending)).toHaveLength(1);
    expect(screen.getByText('0498 111 222')).toBeInTheDocument();
    expect(screen.getByText(TEXT_OFFERS_MSG.about)).toBeInTheDocument();
    expect(TEXT_OFFERS_MSG.about).toMatch(/At most 2 offer texts a week/);
    expect(TEXT_OFFERS_MSG.about).toMatch(/never between 8pm and 6am/);
    expect(TEXT_OFFERS_MSG.about).toMatch(/reply STOP/);
    expect(screen.queryByText(TEXT_OFFERS_MSG.stoppedAll)).not.toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({
      method: 'GET',
      path: TEXT_OFFERS_PATH,
      authorization: 'Bearer tok',
    });
  });

  it('[I29] a switch shows its new state at once, PUTs it, and then shows what the server answered', async () => {
    const api = stubTextOffersApi();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.answerPut(async () => {
      await held;
      // Meanwhile Bush Crafts was switched off on another device: the reply is the whole list.
      const bush = api.state.sellers.find((seller) => seller.seller_id === 5);
      if (bush) bush.subscribed = false;
      return undefined;
    });
    const { user } = await openPage();
    const saltline = screen.getByRole('switch', { name: SALTLINE });
    expect(saltline).not.toBeChecked();
    await user.click(saltline);
    expect(saltline).toBeChecked();
    expect(saltline).toHaveAttribute('aria-disabled', 'true');
    // Pressed again while its PUT runs: nothing more is sent.
    await user.click(saltline);
    await waitFor(() =>
      expect(api.puts()).toEqual([{ path: `${TEXT_OFFERS_PATH}/2`, body: { subscribed: true } }]),
    );
    release();
    await waitFor(() => expect(screen.getByRole('switch', { name: BUSH })).not.toBeChecked());
    expect(saltline).toBeChecked();
    expect(saltline).toHaveAttribute('aria-disabled', 'false');
    expect(api.state.sellers.find((seller) => seller.seller_id === 2)?.subscribed).toBe(true);

    // And off again.
    api.answerPut(null);
    await user.click(saltline);
    await waitFor(() => expect(saltline).not.toBeChecked());
    expect(api.puts().at(-1)).toEqual({ path: `${TEXT_OFFERS_PATH}/2`, body: { subscribed: false } });
    expect(api.state.sellers.find((seller) => seller.seller_id === 2)?.subscribed).toBe(false);
  });

  it('[I29] a refused switch goes back to what it was and the server says why', async () => {
    const api = stubTextOffersApi();
    api.answerPut(() => jsonReply({ message: 'This seller no longer sends offers.', code: 'CONFLICT' }, 409));
    const { user } = await openPage();
    const bush = screen.getByRole('switch', { name: BUSH });
    expect(bush).toBeChecked();
    await user.click(bush);
    const popup = await screen.findByRole('dialog', { name: MSG.somethingWentWrong });
    expect(within(popup).getByText('This seller no longer sends offers.')).toBeInTheDocument();
    expect(bush).toBeChecked();
    expect(bush).toHaveAttribute('aria-disabled', 'false');
    expect(screen.getByRole('switch', { name: SALTLINE })).not.toBeChecked();
    expect(api.puts()).toEqual([{ path: `${TEXT_OFFERS_PATH}/5`, body: { subscribed: false } }]);
  });

  it('[I29] a switch whose PUT gets no answer goes back, and the shell says the shop is offline', async () => {
    const api = stubTextOffersApi();
    api.answerPut(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = await openPage();
    const saltline = screen.getByRole('switch', { name: SALTLINE });
    await user.click(saltline);
    expect(await screen.findByText(MSG.offline)).toBeInTheDocument();
    await waitFor(() => expect(saltline).not.toBeChecked());
  });

  it('[I29] while a STOP reply holds every offer, the page says so and how to undo it', async () => {
    stubTextOffersApi({
      stopped_all: true,
      sellers: [aTextOffer({ seller_id: 2, seller_name: 'Saltline Surf Co.', subscribed: true })],
    });
    await openPage();
    const notice = screen.getByText(TEXT_OFFERS_MSG.stoppedAll);
    expect(notice).toHaveTextContent(/You replied STOP/);
    expect(notice).toHaveTextContent(/Reply START/);
    // The switches still show what each seller would do once START is sent.
    expect(screen.getByRole('switch', { name: SALTLINE })).toBeChecked();
  });

  it('[I29] My Account links to Text offers', async () => {
    stubTextOffersApi();
    signIn('tok');
    const { user, router } = renderApp('/account');
    const nav = await screen.findByRole('navigation', { name: MSG.myAccount }, { timeout: 5_000 });
    const link = within(nav).getByRole('link', { name: TEXT_OFFERS_MSG.heading });
    expect(link).toHaveAttribute('href', '/account/textoffers');
    await user.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: TEXT_OFFERS_MSG.heading }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/textoffers');
  });
});
