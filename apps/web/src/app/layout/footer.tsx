// [SHELL-09, SHELL-10] Links to the policies; not shown on '/', '/checkout' and '/register', where
// nothing should pull the shopper away.
import { MSG } from '@quokka/contract/messages';
import { Link } from 'react-router';
import { getRuntimeConfig } from '../../lib/runtime-config';
import './footer.css';

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
      </nav>
      <p className="app-footer__note">
        © {new Date().getFullYear()} {getRuntimeConfig().storeName}
      </p>
    </footer>
  );
}
