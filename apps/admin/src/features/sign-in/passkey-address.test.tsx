/**
 * @vitest-environment-options {"url": "http://127.0.0.1:8080/admin/sign-in"}
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMe } from '../../test/factories';
import { fakeApi, signedOut } from '../../test/fake-api';
import { fakeWebAuthn, renderAdmin } from '../../test/render-admin';

// [I34] "What was seen" 8: the back office opened at http://127.0.0.1:8080. The sign-in page says before
// any try that passkeys cannot work at this address, and a failed passkey sign-in says why in plain words
// (not "Try again, or use another device").

describe('[I34] a back office opened at an IP address', () => {
  it('says so on the sign-in page, and the passkey error says why and where to go', async () => {
    expect(window.location.origin).toBe('http://127.0.0.1:8080');
    const user = userEvent.setup();
    const webauthn = fakeWebAuthn();
    webauthn.startAuthentication.mockRejectedValue(
      Object.assign(new Error('This is an invalid domain.'), { name: 'SecurityError' }),
    );
    fakeApi({
      'GET /me': signedOut,
      'POST /sign-in/passkey/options': { body: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' } },
      'POST /sign-in/passkey': { body: { status: true, ...aMe() } },
    });
    renderAdmin('/admin/orders', webauthn);
    const notice = await screen.findByTestId('passkey-address');
    expect(notice).toHaveTextContent(
      'Passkeys need the back office’s own web address over https, or localhost; this page was opened at http://127.0.0.1:8080, an IP address',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('this page was opened at http://127.0.0.1:8080, an IP address');
    expect(alert).toHaveTextContent('Open the back office at http://localhost:8080/admin instead.');
    expect(alert).not.toHaveTextContent('Try again');
  });
});
