import { MSG } from '@quokka/contract/messages';
import { AUSTRALIAN_TIME_ZONES } from '@quokka/contract/timezones';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { NS } from '../../cart/test/fake-shop-api';
import { fakeGiftCardApi } from '../test/fake-gift-card-api';
import { aNewGiftCard } from '../test/gift-card-factories';

// 12:00 on Saturday 21 November 2026 in Sydney (AEDT, UTC+11): the screen starts at 13:00 that day.
const NOON_SYDNEY = new Date('2026-11-21T01:00:00Z');

async function openSchedule() {
  const api = fakeGiftCardApi({ cards: [aNewGiftCard()] });
  signIn('member-token');
  const view = renderApp('/giftcard/schedule/7');
  await screen.findByRole('heading', { level: 1, name: MSG.scheduleGiftCardHeading });
  await screen.findByRole('spinbutton', { name: MSG.hourLabel });
  return { api, ...view };
}

const hour = () => screen.getByRole('spinbutton', { name: MSG.hourLabel });
const minute = () => screen.getByRole('spinbutton', { name: MSG.minuteLabel });
const day = (name: string) => screen.getByRole('button', { name });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON_SYDNEY);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/giftcard/schedule/{giftcarddetailsid}', () => {
  it("[ROUTE-30] [GIFT-13] [GIFT-14] [CONST-22] [CONST-23] a time zone select of the Australian zones (Sydney first), a calendar, hour and minute steppers and 'Schedule'", async () => {
    await openSchedule();
    const zone = screen.getByRole('combobox', { name: MSG.timeZoneLabel });
    expect(zone).toHaveValue('Australia/Sydney');
    expect(
      within(zone)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(AUSTRALIAN_TIME_ZONES.map((option) => option.zone));
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeVisible();
    expect(day('Saturday 21 November 2026')).toHaveAttribute('aria-pressed', 'true');
    expect(hour()).toHaveAttribute('aria-valuenow', '13');
    expect(minute()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: MSG.schedule })).toBeEnabled();
  });

  it('[VAL-53] hours run 0-23 and wrap with the arrows (buttons and keys)', async () => {
    const { user } = await openSchedule();
    const up = screen.getByRole('button', { name: MSG.increaseHour });
    for (let step = 13; step < 23; step += 1) await user.click(up);
    expect(hour()).toHaveAttribute('aria-valuenow', '23');
    await user.click(up);
    expect(hour()).toHaveAttribute('aria-valuenow', '0');
    expect(hour()).toHaveTextContent('00');
    await user.click(screen.getByRole('button', { name: MSG.decreaseHour }));
    expect(hour()).toHaveAttribute('aria-valuenow', '23');
    hour().focus();
    await user.keyboard('{ArrowUp}');
    expect(hour()).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('{ArrowDown}');
    expect(hour()).toHaveAttribute('aria-valuenow', '23');
  });

  it('[VAL-54] minutes run 0-59 and wrap with the arrows (buttons and keys)', async () => {
    const { user } = await openSchedule();
    await user.click(screen.getByRole('button', { name: MSG.decreaseMinute }));
    expect(minute()).toHaveAttribute('aria-valuenow', '59');
    await user.click(screen.getByRole('button', { name: MSG.increaseMinute }));
    expect(minute()).toHaveAttribute('aria-valuenow', '0');
    minute().focus();
    await user.keyboard('{ArrowDown}');
    expect(minute()).toHaveTextContent('59');
    await user.keyboard('{ArrowUp}');
    expect(minute()).toHaveTextContent('00');
  });

  it("[VAL-52] a time already past in the chosen zone shows 'Date must not be in the past' and saves nothing", async () => {
    const { api, user, router } = await openSchedule();
    // 11:00 today in Sydney, an hour ago.
    await user.click(screen.getByRole('button', { name: MSG.decreaseHour }));
    await user.click(screen.getByRole('button', { name: MSG.decreaseHour }));
    await user.click(screen.getByRole('button', { name: MSG.schedule }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.pastDate);
    expect(api.log((call) => call.path.endsWith('savegiftcardscheduleddate'))).toEqual([]);
    expect(router.state.location.pathname).toBe('/giftcard/schedule/7');
    // 11:00 in Perth (UTC+8) is still three hours away.
    await user.selectOptions(screen.getByRole('combobox', { name: MSG.timeZoneLabel }), 'Australia/Perth');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.schedule }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/giftcard/mmstemplates/7'));
  });

  it('[VAL-52] the server’s own refusal is shown too', async () => {
    const { api, user } = await openSchedule();
    api.answer('POST', `${NS}/savegiftcardscheduleddate`, () =>
      Response.json(
        {
          status: false,
          code: 'INPUT_VALIDATION',
          message: MSG.pastDate,
          input_validation: { scheduled_delivery: [MSG.pastDate] },
        },
        { status: 400 },
      ),
    );
    await user.click(screen.getByRole('button', { name: MSG.schedule }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.pastDate);
  });

  it('[GIFTF-05] [GIFTF-06] [API-40] Schedule saves the chosen date, time and zone, then goes to the templates', async () => {
    const { api, user, router } = await openSchedule();
    await user.selectOptions(screen.getByRole('combobox', { name: MSG.timeZoneLabel }), 'Australia/Perth');
    await user.click(day('Sunday 22 November 2026'));
    for (let step = 0; step < 3; step += 1)
      await user.click(screen.getByRole('button', { name: MSG.decreaseHour }));
    for (let step = 0; step < 30; step += 1)
      await user.click(screen.getByRole('button', { name: MSG.increaseMinute }));
    expect(screen.getByTestId('schedule-preview')).toHaveTextContent(
      /Sun,? 22 Nov 2026,? 10:30\s?am \(Perth\)/,
    );
    await user.click(screen.getByRole('button', { name: MSG.schedule }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/giftcard/mmstemplates/7'));
    expect(api.calls.find((call) => call.path === `${NS}/savegiftcardscheduleddate`)?.body).toEqual({
      gift_card_details_id: 7,
      scheduled_delivery: '2026-11-22 10:30:00',
      delivery_timezone: 'Australia/Perth',
    });
  });

  it('[GIFT-13] the calendar works from the keyboard and past days cannot be chosen', async () => {
    const { user } = await openSchedule();
    const today = day('Saturday 21 November 2026');
    expect(today).toHaveAttribute('tabindex', '0');
    // Yesterday is there but cannot be chosen.
    await user.click(day('Friday 20 November 2026'));
    expect(day('Friday 20 November 2026')).toHaveAttribute('aria-disabled', 'true');
    expect(today).toHaveAttribute('aria-pressed', 'true');

    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowRight' });
    await waitFor(() => expect(day('Sunday 22 November 2026')).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(day('Sunday 22 November 2026')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(day('Sunday 22 November 2026'), { key: 'ArrowDown' });
    await waitFor(() => expect(day('Sunday 29 November 2026')).toHaveFocus());
    fireEvent.keyDown(day('Sunday 29 November 2026'), { key: 'PageDown' });
    await waitFor(() => expect(day('Tuesday 29 December 2026')).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeVisible();
    await user.keyboard(' ');
    expect(day('Tuesday 29 December 2026')).toHaveAttribute('aria-pressed', 'true');
  });

  it('a card already scheduled starts from its own date, time and zone', async () => {
    fakeGiftCardApi({
      cards: [
        aNewGiftCard({
          scheduled_delivery: '2026-12-24 18:45:00',
          delivery_timezone: 'Australia/Adelaide',
          valid_until: '2029-12-24 18:45:00',
        }),
      ],
    });
    signIn('member-token');
    renderApp('/giftcard/schedule/7');
    expect(await screen.findByRole('spinbutton', { name: MSG.hourLabel })).toHaveAttribute(
      'aria-valuenow',
      '18',
    );
    expect(minute()).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByRole('combobox', { name: MSG.timeZoneLabel })).toHaveValue('Australia/Adelaide');
    expect(day('Thursday 24 December 2026')).toHaveAttribute('aria-pressed', 'true');
  });
});
