import { MSG } from '@quokka/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { NS } from '../../cart/test/fake-shop-api';
import { fakeGiftCardApi } from '../test/fake-gift-card-api';
import { aNewGiftCard } from '../test/gift-card-factories';

// 12:00 on Saturday 21 November 2026 in Sydney (AEDT, UTC+11).
const NOON_SYDNEY = new Date('2026-11-21T01:00:00Z');

async function openChoice() {
  const api = fakeGiftCardApi({ cards: [aNewGiftCard()] });
  signIn('member-token');
  const view = renderApp('/giftcard/sendnoworschedule/7');
  await screen.findByRole('heading', { level: 1, name: MSG.sendNowOrScheduleHeading });
  await screen.findByTestId('gift-card-no');
  return { api, ...view };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/giftcard/sendnoworschedule/{giftcarddetailsid}', () => {
  it("[ROUTE-29] [GIFT-08] [GIFT-09] [GIFT-10] [GIFT-11] [GIFT-12] the card no, 'Valid Until: 3 Years From Send', recipient and mobile, message, 'Send Now' and 'Schedule'", async () => {
    const { api } = await openChoice();
    expect(api.log((call) => call.path.endsWith('getgiftcarddetailsbyid'))).toHaveLength(1);
    expect(api.calls.at(-1)?.query.get('gift_card_details_id')).toBe('7');
    expect(screen.getByTestId('gift-card-no')).toHaveTextContent('4929 1703 6152 2883');
    expect(screen.getByText(MSG.validUntil)).toBeVisible();
    expect(screen.getByText('Ava Nguyen')).toBeVisible();
    expect(screen.getByText('0412 345 678')).toBeVisible();
    expect(screen.getByText('Happy birthday!')).toBeVisible();
    expect(screen.getByRole('button', { name: MSG.sendNow })).toBeEnabled();
    expect(screen.getByRole('button', { name: MSG.schedule })).toBeEnabled();
  });

  it('[GIFTF-03] [GIFTF-04] [API-40] [CONST-22] Send Now records the current time in Australia/Sydney and goes to the templates', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOON_SYDNEY);
    const { api, user, router } = await openChoice();
    await user.click(screen.getByRole('button', { name: MSG.sendNow }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/giftcard/mmstemplates/7'));
    const saved = api.calls.find((call) => call.path === `${NS}/savegiftcardscheduleddate`);
    expect(saved?.body).toEqual({
      gift_card_details_id: 7,
      scheduled_delivery: '2026-11-21 12:00:00',
      delivery_timezone: 'Australia/Sydney',
    });
    expect(api.gift.cards.get(7)?.valid_until).toBe('2029-11-21 12:00:00');
  });

  it("'Schedule' opens the schedule screen", async () => {
    const { user, router } = await openChoice();
    await user.click(screen.getByRole('button', { name: MSG.schedule }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/giftcard/schedule/7'));
    expect(await screen.findByRole('heading', { level: 1, name: MSG.scheduleGiftCardHeading })).toBeVisible();
  });

  it('another member’s card (404) says it cannot be found', async () => {
    fakeGiftCardApi();
    signIn('member-token');
    renderApp('/giftcard/sendnoworschedule/99');
    expect(await screen.findByText(MSG.giftCardNotFound)).toBeVisible();
    expect(screen.queryByRole('button', { name: MSG.sendNow })).not.toBeInTheDocument();
  });
});
