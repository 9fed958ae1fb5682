// [SHELL-04..08] The side menu: a drawer from the left with two tabs. Menu: 'Browse', then the
// category tree up to three levels. Account: 'Sign In', or 'My Account' and 'Sign Out'.
import { MSG } from '@quokka/contract/messages';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ChevronIcon, CloseIcon, QuokkaMark } from '../../components/ui/icons';
import { useFocusTrap } from '../../components/ui/use-focus-trap';
import { signOutEverywhere } from '../../features/auth/api/sign-out';
import { type Category, useCategories } from '../../features/catalog/api/get-categories';
import { useAppState } from '../../lib/app-state';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { SIDE_MENU_ID } from './header';
import './side-menu.css';
import { Link, NavLink } from '../../components/ui/link';

/** [SHELL-06] Categories are shown up to three levels deep; deeper ones are left out. */
export const MAX_CATEGORY_DEPTH = 3;

type Tab = 'menu' | 'account';
const TABS: readonly { id: Tab; label: string }[] = [
  { id: 'menu', label: MSG.menuTab },
  { id: 'account', label: MSG.accountTab },
];

function menuLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'side-menu__link side-menu__link--active' : 'side-menu__link';
}

function CategoryItem({ category, level }: { category: Category; level: number }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const children = level < MAX_CATEGORY_DEPTH ? category.children : [];
  return (
    <li className={`side-menu__item side-menu__item--level-${level}`}>
      <div className="side-menu__row">
        <NavLink to={`/category/${category.entity_id}`} className={menuLinkClass}>
          {category.value}
        </NavLink>
        {children.length > 0 ? (
          <button
            type="button"
            className="side-menu__expand"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-label={`${category.value} subcategories`}
            onClick={() => setExpanded((value) => !value)}
          >
            <ChevronIcon />
          </button>
        ) : null}
      </div>
      {children.length > 0 ? (
        <ul className="side-menu__list side-menu__list--nested" id={listId} hidden={!expanded}>
          {children.map((child) => (
            <CategoryItem key={child.entity_id} category={child} level={level + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function MenuPanel() {
  const { data: categories = [] } = useCategories();
  return (
    <nav aria-label="Shop">
      <ul className="side-menu__list">
        <li className="side-menu__item side-menu__item--level-1">
          <div className="side-menu__row">
            <NavLink to="/browse" className={menuLinkClass}>
              {MSG.browse}
            </NavLink>
          </div>
        </li>
        {categories.map((category) => (
          <CategoryItem key={category.entity_id} category={category} level={1} />
        ))}
      </ul>
    </nav>
  );
}

function AccountPanel() {
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function onSignOut() {
    setSigningOut(true);
    await signOutEverywhere();
    setSigningOut(false);
    navigate('/browse');
  }

  return (
    <nav aria-label="Account">
      <ul className="side-menu__list">
        {signedIn ? (
          <>
            <li className="side-menu__item side-menu__item--level-1">
              <div className="side-menu__row">
                <NavLink to="/account" end className={menuLinkClass}>
                  {MSG.myAccount}
                </NavLink>
              </div>
            </li>
            <li className="side-menu__item side-menu__item--level-1">
              <div className="side-menu__row">
                <button type="button" className="side-menu__link" disabled={signingOut} onClick={onSignOut}>
                  {MSG.signOut}
                </button>
              </div>
            </li>
          </>
        ) : (
          <li className="side-menu__item side-menu__item--level-1">
            <div className="side-menu__row">
              <NavLink to="/signin" className={menuLinkClass}>
                {MSG.signIn}
              </NavLink>
            </div>
            <p className="side-menu__hint">{MSG.welcomeNoPasswords}</p>
          </li>
        )}
      </ul>
    </nav>
  );
}

function SideMenuDrawer({ onClose }: { onClose: () => void }) {
  const drawerRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ menu: null, account: null });
  const [tab, setTab] = useState<Tab>('menu');
  const baseId = useId();
  useFocusTrap(drawerRef, { onEscape: onClose });

  // Arrow keys move between the tabs, as in any tab list.
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: Tab = tab === 'menu' ? 'account' : 'menu';
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="side-menu-layer">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer convenience; Escape and the close button are the keyboard way out */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
      <div className="side-menu-backdrop" data-testid="side-menu-backdrop" onClick={onClose} />
      <div
        ref={drawerRef}
        id={SIDE_MENU_ID}
        className="side-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Site menu"
        tabIndex={-1}
      >
        <div className="side-menu__top">
          <Link to="/browse" className="side-menu__brand">
            <QuokkaMark />
            <span>{getRuntimeConfig().storeName}</span>
          </Link>
          <button type="button" className="side-menu__close" aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className="side-menu__tabs" role="tablist" aria-label="Menu sections">
          {TABS.map(({ id, label }) => (
            <button
              key={id}
              ref={(element) => {
                tabRefs.current[id] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${id}`}
              className="side-menu__tab"
              aria-selected={tab === id}
              aria-controls={`${baseId}-panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              onClick={() => setTab(id)}
              onKeyDown={onTabKeyDown}
            >
              {label}
            </button>
          ))}
        </div>
        <div
          className="side-menu__panel"
          role="tabpanel"
          id={`${baseId}-panel-${tab}`}
          aria-labelledby={`${baseId}-tab-${tab}`}
        >
          {tab === 'menu' ? <MenuPanel /> : <AccountPanel />}
        </div>
      </div>
    </div>
  );
}

export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <SideMenuDrawer onClose={onClose} /> : null;
}
