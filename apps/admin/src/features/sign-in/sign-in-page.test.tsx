import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe, CSRF } from '../../test/factories';
import { fakeApi, signedOut } from '../../test/fake-api';
import { ASSERTION, fakeWebAuthn, REGISTRATION, renderAdmin } from '../../test/render-admin';

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Quokka' } };
const orders = { body: { items: [], total: 0, page: 1, page_size: 50 } };

describe('[I15-admin] sign-in', () => {
  it('mobile → code → add a passkey → signed in, with the server’s words for a wrong code', async () => {
    const user = userEvent.setup();
    const needsPasskey = aMe({ stage: 'needs_passkey', passkey_checked_at: null, passkey_fresh_until: null });
    const api = fakeApi({
      'GET /me': signedOut,
      'POST /sign-in/code': { body: { status: true } },
      'POST /sign-in/code/confirm': [
        {
          status: 400,
          body: {
            message: 'The code is not right.',
            code: 'INPUT_VALIDATION',
            status: false,
            input_validation: { code: ['Please enter a valid code'] },
          },
        },
        { body: { status: true, ...needsPasskey } },
      ],
      'POST /passkeys/options': { body: OPTIONS },
      'POST /passkeys': { body: { status: true, ...aMe() } },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': orders,
    });
    const { webauthn } = renderAdmin('/admin/orders');

    await user.type(await screen.findByLabelText('Mobile number'), '0412 345 678');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(api.to('POST /sign-in/code')[0]?.body).toEqual({ mobile: '0412 345 678' });

    expect(await screen.findByText(/We texted a 6-digit code to/)).toHaveTextContent('0412 345 678');
    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid code');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(api.to('POST /sign-in/code/confirm')[1]?.body).toEqual({ mobile: '0412 345 678', code: '123456' });

    expect(await screen.findByRole('heading', { name: 'Add a passkey' })).toBeInTheDocument();
    expect(screen.getByText(/Hello Jo Operator/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));

    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    // Both calls of the needs-passkey session carry its CSRF token; the registration goes as it came.
    expect(api.to('POST /passkeys/options')[0]?.headers['x-csrf-token']).toBe(CSRF);
    const register = api.to('POST /passkeys')[0];
    expect(register?.headers['x-csrf-token']).toBe(CSRF);
    expect(register?.body).toEqual({ response: REGISTRATION });
    // The shell: shop name, member, sections and the day's figures.
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Wattle Shop')).toBeInTheDocument();
    expect(within(header).getByText('Jo Operator')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sections' })).toHaveTextContent(
      'OrdersProductsGift cardsCampaignsAutomationsSubscribersStatementsPayoutsTax invoicesSellersMembersStaffAudit logPasskeys',
    );
    const today = await screen.findByRole('region', { name: 'Today' });
    await waitFor(() => expect(today).toHaveTextContent('$123.45'));
    expect(today).toHaveTextContent('4Orders today');
    expect(today).toHaveTextContent('2Awaiting approval1 flagged');
    expect(api.unexpected).toEqual([]);
  });

  it('[I27-recovery] a passkey added after a code by a member who had one says it waits, then goes on', async () => {
    const user = userEvent.setup();
    const needsPasskey = aMe({ stage: 'needs_passkey', passkey_checked_at: null, passkey_fresh_until: null });
    const api = fakeApi({
      'GET /me': { body: needsPasskey },
      'POST /passkeys/options': { body: OPTIONS },
      'POST /passkeys': {
        body: { status: true, ...aMe({ passkey_pending_until: '2026-11-25T09:00:00.000Z' }) },
      },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': orders,
    });
    renderAdmin('/admin/orders');
    expect(
      await screen.findByText(/counts for refunds and\s+other money actions after 24 hours/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const heading = await screen.findByRole('heading', { name: 'Passkey added, waiting' });
    await waitFor(() => expect(heading).toHaveFocus());
    // 9:00 UTC on 25 November is 8:00 pm in Sydney (daylight time).
    expect(screen.getByText(/it counts for refunds, cancellations/)).toHaveTextContent(
      /25 Nov 2026, 8:00\s?pm/,
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(api.unexpected).toEqual([]);
  });

  it('a passkey signs in on its own', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': signedOut,
      'POST /sign-in/passkey/options': { body: OPTIONS },
      'POST /sign-in/passkey': { body: { status: true, ...aMe() } },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': orders,
    });
    const { webauthn } = renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(api.to('POST /sign-in/passkey')[0]?.body).toEqual({ response: ASSERTION });
  });

  it('a cancelled passkey prompt or a refused passkey is said in words', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': signedOut,
      'POST /sign-in/passkey/options': { body: OPTIONS },
      'POST /sign-in/passkey': {
        status: 400,
        body: { message: 'This passkey could not be verified.', code: 'INVALID_DATA' },
      },
    });
    const webauthn = fakeWebAuthn();
    webauthn.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    renderAdmin('/admin/orders', webauthn);
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey check was cancelled or timed out. Nothing was changed.',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This passkey could not be verified.'),
    );
  });

  it('GET /me decides the screen: a code-only session goes straight to adding a passkey', async () => {
    fakeApi({ 'GET /me': { body: aMe({ stage: 'needs_passkey' }) } });
    renderAdmin('/admin/orders/12');
    const heading = await screen.findByRole('heading', { name: 'Add a passkey' });
    // Focus moves in an effect, which may run a moment after the heading is in the document.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByLabelText('Mobile number')).not.toBeInTheDocument();
  });

  it('a rate-limited send shows the server’s message', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': signedOut,
      'POST /sign-in/code': {
        status: 429,
        body: {
          message: 'Too many codes were sent. Try again in %1 seconds.',
          code: 'TOO_MANY_REQUESTS',
          parameters: [42],
        },
      },
    });
    renderAdmin();
    await user.type(await screen.findByLabelText('Mobile number'), '0412345678');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many codes were sent. Try again in 42 seconds.',
    );
  });

  it('sign out ends the session with its CSRF token; a 401 later sends the member back to sign-in', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': [orders, signedOut],
      'POST /sign-out': { body: { status: true } },
    });
    renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('Mobile number')).toBeInTheDocument();
    expect(api.to('POST /sign-out')[0]?.headers['x-csrf-token']).toBe(CSRF);
  });

  it('a session that ended on the server (401) shows sign-in and says why', async () => {
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': { status: 401, body: { message: 'Your session has ended.', code: 'SESSION_EXPIRED' } },
    });
    renderAdmin('/admin/orders');
    expect(await screen.findByLabelText('Mobile number')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your session ended. Please sign in again.');
  });

  it("[I16-vendor] a vendor sees their seller's sections, not the operator's", async () => {
    const api = fakeApi({
      'GET /me': {
        body: aMe({
          staff: { id: 9, name: 'Sam Seller', mobile: '+61412000111', role: 'vendor', seller_id: 3 },
        }),
      },
      'GET /orders': orders,
    });
    renderAdmin('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sections' })).toHaveTextContent(
      /^HomeOrdersProductsGift cardsCampaignsAutomationsSubscribersStatementsBank accountTax invoicesProfilePasskeys$/,
    );
    // The day's figures are the whole shop's: no strip, and no call for it (the fake API would count it).
    expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
    expect(api.unexpected).toEqual([]);
  });
});
