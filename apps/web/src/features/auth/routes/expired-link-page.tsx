// [ROUTE-17, EXP-01..03, AUTH-12..14, AUTH-19, AUTH-20] /expiredlink: the link has run out. 'Reconfirm
// Identity' texts a code to the link's mobile and opens the popup at the code step; the confirmed code
// renews the link (its product and seller carry over) and /autologin signs in with it.
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational } from '@quokka/contract/mobile';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ClockIcon } from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../components/ui/page';
import { getItem, STORAGE_KEYS } from '../../../lib/storage';
import { openMobilePopup } from '../mobile-popup-store';
import '../components/auth.css';

export function ExpiredLinkPage() {
  useDocumentTitle(MSG.expiredLinkTitle);
  const mobile = getItem(STORAGE_KEYS.expiredLinkMobile);
  const expiredJwt = getItem(STORAGE_KEYS.jwt);

  function reconfirm() {
    // Without the link's mobile the popup asks for it first.
    openMobilePopup(mobile ? { mobile, sendOnOpen: true, expiredJwt } : { expiredJwt });
  }

  return (
    <section className="auth-screen" aria-labelledby="page-title">
      <span className="auth-screen__badge auth-screen__badge--warn">
        <ClockIcon />
      </span>
      <h1 className="auth-screen__title" id="page-title">
        {MSG.expiredLinkTitle}
      </h1>
      <p className="auth-screen__text">{MSG.expiredLinkText}</p>
      {mobile ? (
        <p className="auth-screen__text">
          {MSG.expiredLinkCodeTo}{' '}
          <strong className="mobile-flow__number">{formatMobileNational(mobile)}</strong>.
        </p>
      ) : null}
      <div className="auth-screen__actions">
        <Button block onClick={reconfirm}>
          {MSG.reconfirmIdentity}
        </Button>
        <ButtonLink to="/browse" variant="secondary" block>
          {MSG.browseProducts}
        </ButtonLink>
      </div>
    </section>
  );
}
