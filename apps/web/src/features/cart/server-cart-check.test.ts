import { describe, expect, it } from 'vitest';
import { getAppState } from '../../lib/app-state';
import { CART_TEXT } from './cart-texts';
import { serverCartMatchesBrowser } from './server-cart-check';
import { aCapLine, aCartItem, aTeeLine, signedInWithCart } from './test/cart-factories';
import { CARTS, fakeShopApi } from './test/fake-shop-api';

const cap = aCartItem({ item_id: 501, sku: 'SL-SALTLINE-TRUCKER-CAP', qty: 2 });

describe('the server cart just before payment [I11-2]', () => {
  it('[I11-2] holds what the browser shows: nothing is changed', async () => {
    const api = fakeShopApi();
    api.state.lines = [cap];
    signedInWithCart([aCapLine({ qty: 2 })]);
    expect(await serverCartMatchesBrowser(getAppState().cartItems)).toBe(true);
    expect(api.log()).toEqual([`GET ${CARTS}/items`]);
  });

  it('[I11-2] a line another device added, and a quantity it changed, are put back to the browser’s before paying', async () => {
    const api = fakeShopApi();
    api.state.lines = [{ ...cap, qty: 3 }, aCartItem({ item_id: 777, sku: 'SL-TEE-WHITE-L', qty: 1 })];
    signedInWithCart([aCapLine({ qty: 2 })]);
    expect(await serverCartMatchesBrowser(getAppState().cartItems)).toBe(true);
    expect(api.log()).toContain(`DELETE ${CARTS}/items/777`);
    expect(api.log()).toContain(`PUT ${CARTS}/items/501`);
    expect(api.state.lines.map((line) => [line.sku, line.qty])).toEqual([['SL-SALTLINE-TRUCKER-CAP', 2]]);
    expect(getAppState().message).toBeNull();
  });

  it('[I11-2] a line the browser shows that is gone from the server stops the purchase and says why', async () => {
    const api = fakeShopApi();
    api.state.lines = [cap];
    signedInWithCart([aCapLine({ qty: 2 }), aTeeLine()]);
    expect(await serverCartMatchesBrowser(getAppState().cartItems)).toBe(false);
    expect(getAppState().message).toEqual({
      title: CART_TEXT.changedElsewhereTitle,
      text: CART_TEXT.changedElsewhere,
    });
  });
});
