// [SHELL-09, SHELL-10] Links to the policies; not shown on '/', '/checkout' and '/register', where
// nothing should pull the shopper away. [I11-12] Who runs the shop (trading name, ABN) and how to reach
// support, so a shopper knows whom they pay and whom to ask.
import { MSG } from '@quokka/contract/messages';
import { OperatorIdentity, SupportLinks } from '../../components/business/support-links';
import { getRuntimeConfig } from '../../lib/runtime-config';
import './footer.css';
import { Link } from '../../components/ui/link';

export const FOOTERLESS_PATHS: readonly string[] = ['/', '/checkout', '/register'];

export function showsFooter(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !FOOTERLESS_PATHS.includes(path);
}

export function Footer() {
  return (
    <footer className="app-footer">
      <nav aria-label="Policies" className="app-footer__links">
        <Link to="/privacy">{MSG.privacyPolicy}</Link>
        <Link to="/terms">{MSG.termsAndConditions}</Link>
        {/* [I32] Applying to sell (docs/sellers.md). */}
        <Link to="/sell">Sell with us</Link>
      </nav>
      <div className="app-footer__support">
        <p className="app-footer__support-label">{MSG.needHelp}</p>
        <p className="app-footer__contacts">
          <SupportLinks joiner={null} />
        </p>
      </div>
      <p className="app-footer__note">
        <span>
          © {new Date().getFullYear()} {getRuntimeConfig().storeName}
        </span>
        <OperatorIdentity />
      </p>
    </footer>
  );
}
