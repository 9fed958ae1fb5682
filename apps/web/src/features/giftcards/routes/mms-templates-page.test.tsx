import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCartItems, signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { NS } from '../../cart/test/fake-shop-api';
import { fakeGiftCardApi } from '../test/fake-gift-card-api';
import { aGiftCardLine, aNewGiftCard, someTemplates } from '../test/gift-card-factories';

async function openTemplates() {
  const api = fakeGiftCardApi({
    cards: [
      aNewGiftCard({
        scheduled_delivery: '2031-11-22 10:00:00',
        delivery_timezone: 'Australia/Sydney',
        valid_until: '2034-11-22 10:00:00',
      }),
    ],
  });
  signIn('member-token');
  const view = renderApp('/giftcard/mmstemplates/7');
  await screen.findByRole('heading', { level: 1, name: MSG.chooseTemplateHeading });
  await screen.findAllByRole('button', { name: MSG.select });
  return { api, ...view };
}

describe('/giftcard/mmstemplates/{giftcarddetailsid}', () => {
  it("[ROUTE-31] [GIFT-15] [API-16] [DATA-43] the card's product's templates, each picture with a 'Select' button", async () => {
    const { api } = await openTemplates();
    const lookup = api.calls.find((call) => call.path === `${NS}/getgiftcardmmstemplates`);
    expect(lookup?.query.get('product_id')).toBe('153');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    for (const [index, template] of someTemplates().entries()) {
      const item = items[index] as HTMLElement;
      expect(within(item).getByRole('img', { name: template.name })).toHaveAttribute(
        'src',
        template.mms_template_url,
      );
      expect(within(item).getByRole('button', { name: MSG.select })).toHaveAccessibleDescription(
        template.name,
      );
    }
  });

  it('[GIFT-16] [API-43] [GIFTF-01] Select saves the template under both id fields and goes to /checkout', async () => {
    const { api, user, router } = await openTemplates();
    setCartItems([aGiftCardLine()]);
    const thanks = screen.getAllByRole('listitem')[1] as HTMLElement;
    await user.click(within(thanks).getByRole('button', { name: MSG.select }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(api.calls.find((call) => call.path === `${NS}/savegiftcardmmstemplate`)?.body).toEqual({
      gift_card_details_id: 7,
      mms_template_id: 4,
      template_id: 4,
    });
    expect(api.gift.cards.get(7)?.mms_template_url).toBe('/media/templates/gift-thanks.png');
  });

  it('a gift card with no pictures says so', async () => {
    fakeGiftCardApi({ cards: [aNewGiftCard()], templates: {} });
    signIn('member-token');
    renderApp('/giftcard/mmstemplates/7');
    expect(await screen.findByText(MSG.noTemplates)).toBeVisible();
  });
});
