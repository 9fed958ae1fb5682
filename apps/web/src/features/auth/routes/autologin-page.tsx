// [ROUTE-15, AUTH-08..15] /autologin/{jwt}: the link's token goes to `auth`, and the reply decides
// the way on: /register, signed in (the link's product, else /browse), /expiredlink, or an error
// the shopper can act on. [I32] A refusal (403: a suspended member) shows the server's own words.
import { MSG } from '@quokka/contract/messages';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LinkOffIcon } from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { removeItem, STORAGE_KEYS, setItem } from '../../../lib/storage';
import { verifySignInToken } from '../api/verify-sign-in-token';
import { applyAuthReply, outcomePath } from '../auth-session';
import { openMobilePopup } from '../mobile-popup-store';
import '../components/auth.css';

type PageState = 'checking' | 'invalid' | 'failed';

export function AutologinPage() {
  const { jwt = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<PageState>('checking');
  const [attempt, setAttempt] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const checked = useRef<string | null>(null);
  useDocumentTitle(state === 'invalid' ? MSG.invalidLinkTitle : MSG.signingInHeading);

  useEffect(() => {
    const key = `${attempt}:${jwt}`;
    // One check per link and attempt (React's development double effects included).
    if (checked.current === key) return;
    checked.current = key;
    setState('checking');
    setItem(STORAGE_KEYS.autologin, 'true');
    setItem(STORAGE_KEYS.jwt, jwt);
    verifySignInToken(jwt, true) // [AUTH-08]
      .then((reply) => {
        const path = outcomePath(applyAuthReply(reply, jwt));
        if (path) {
          // Replace: Back must not run the link again.
          navigate(path, { replace: true });
          return;
        }
        // [AUTH-15, ERR-11] A token that is no good is forgotten.
        removeItem(STORAGE_KEYS.jwt);
        setState('invalid');
      })
      .catch((error: unknown) => {
        // [I32] Refused (a suspended account): the server says why and whom to contact.
        if (error instanceof ApiError && error.status === 403 && error.message) {
          removeItem(STORAGE_KEYS.jwt);
          setRefusal(error.message);
        }
        setState('failed'); // else offline or a server fault, shown by the shell
      });
  }, [jwt, attempt, navigate]);

  if (state === 'checking') {
    return (
      <section className="auth-screen" aria-labelledby="page-title" aria-busy="true">
        <span className="auth-screen__badge">
          <Spinner size={32} />
        </span>
        <h1 className="auth-screen__title" id="page-title">
          {MSG.signingInHeading}
        </h1>
        <p className="auth-screen__text" role="status">
          {MSG.signingInText}
        </p>
      </section>
    );
  }

  const invalid = state === 'invalid';
  return (
    <section className="auth-screen" aria-labelledby="page-title">
      <span className="auth-screen__badge auth-screen__badge--warn">
        <LinkOffIcon />
      </span>
      <h1 className="auth-screen__title" id="page-title">
        {invalid ? MSG.invalidLinkTitle : MSG.signingInHeading}
      </h1>
      <p className="auth-screen__text" role={refusal ? 'alert' : undefined}>
        {invalid ? MSG.invalidLinkText : (refusal ?? MSG.signInFailed)}
      </p>
      <div className="auth-screen__actions">
        {invalid ? (
          <Button block onClick={() => openMobilePopup()}>
            {MSG.signInWithMobile}
          </Button>
        ) : refusal ? null : (
          <Button block onClick={() => setAttempt((count) => count + 1)}>
            {MSG.tryAgain}
          </Button>
        )}
        <ButtonLink to="/browse" variant="secondary" block>
          {MSG.browseProducts}
        </ButtonLink>
      </div>
    </section>
  );
}
