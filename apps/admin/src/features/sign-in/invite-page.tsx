// [I32] The invite text's link (/admin/invite/<token>, docs/sellers.md). Opening the page uses nothing: the
// member presses "Open the back office" (a POST), so a link preview fetching the URL never spends the
// single-use link. Accepted, the session may only add a passkey: the page goes to / and the sign-in screen
// asks for the passkey, as after a text code. A used, expired or unknown link says so with the server's
// words, and offers the normal sign-in.
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../lib/error-text';
import { useSession } from '../../lib/session';
import { acceptInvite } from './api/accept-invite';
import './sign-in.css';

export function InvitePage() {
  const { api, config, setMe } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const token = decodeURIComponent(pathname.replace(/^\/invite\//, '').replace(/\/+$/, ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function open() {
    setError(null);
    setBusy(true);
    try {
      const next = await acceptInvite(api, token);
      setMe(next);
      navigate('/', { replace: true });
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <div className="sign-in-card">
        <header className="sign-in-brand">
          <img src="/admin/favicon.svg" alt="" width="40" height="40" />
          <div>
            <p className="sign-in-store">{config.storeName}</p>
            <p className="muted">Back office</p>
          </div>
        </header>
        <h1>Welcome to {config.storeName}'s back office</h1>
        <p>
          You were invited to help run the shop. Open the back office to sign in, then add a passkey: your
          phone's or computer's fingerprint, face or screen lock signs you in from then on.
        </p>
        {error && (
          <div className="error" role="alert">
            <p>{error}</p>
            <p>
              <Link to="/" replace>
                Sign in with your mobile instead
              </Link>
            </p>
          </div>
        )}
        <button type="button" className="button primary wide" onClick={open} disabled={busy || !token}>
          {busy ? 'Opening…' : 'Open the back office'}
        </button>
        <p className="muted small">This link works once, within 72 hours of the text.</p>
      </div>
    </main>
  );
}
