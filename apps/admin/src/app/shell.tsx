// The frame of every screen once signed in: the shop's name, the sections, the member and sign-out, and
// the dashboard strip. A screen's failure renders inside it (the nav still works).
// [I34] On a phone the sections are a strip that scrolls the current one into view, with a fade and an
// arrow on the side that has more, and a Menu button that lists every section at once (the current one
// marked) with the member's name and, on a phone, Sign out; from 1200 px every section shows in the tab bar and the Menu goes.
import { Component, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { DashboardStrip } from '../features/dashboard/dashboard-strip';
import { useMe, useSession } from '../lib/session';
import './shell.css';

interface Section {
  to: string;
  label: string;
}

/** The sections a member sees, in the order of the tab bar. */
export function sectionsFor(me: { role: string; seller_owner?: boolean }): Section[] {
  const operator = me.role === 'operator';
  const all: (Section | false)[] = [
    !operator && { to: '/home', label: 'Home' },
    { to: '/orders', label: 'Orders' },
    { to: '/products', label: 'Products' },
    { to: '/gift-cards', label: 'Gift cards' },
    { to: '/campaigns', label: 'Campaigns' },
    { to: '/automations', label: 'Automations' },
    { to: '/subscribers', label: 'Subscribers' },
    { to: '/statements', label: 'Statements' },
    operator ? { to: '/payouts', label: 'Payouts' } : { to: '/bank-account', label: 'Bank account' },
    { to: '/invoices', label: 'Tax invoices' },
    operator && { to: '/sellers', label: 'Sellers' },
    operator && { to: '/members', label: 'Members' },
    // [I32] Operators: every member of staff; a seller's owner: their seller's.
    (operator || me.seller_owner === true) && { to: '/staff', label: 'Staff' },
    !operator && { to: '/profile', label: 'Profile' },
    operator && { to: '/audit', label: 'Audit log' },
    { to: '/passkeys', label: 'Passkeys' },
  ];
  return all.filter((section): section is Section => section !== false);
}

export function Shell() {
  const { config, signOut } = useSession();
  const me = useMe();
  const location = useLocation();
  const operator = me.staff.role === 'operator';
  const sections = sectionsFor({ role: me.staff.role, seller_owner: me.staff.seller_owner });
  const roleName = operator ? 'Operator' : 'Seller staff';
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(location.pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // A new screen: focus moves to its content, so a screen reader starts there (not on a filter change).
  useEffect(() => {
    setMenuOpen(false);
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    main.current?.focus({ preventScroll: true });
    window.scrollTo?.(0, 0);
  }, [location.pathname]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <p className="brand">
            <img src="/admin/favicon.svg" alt="" width="28" height="28" />
            <span className="brand-name">{config.storeName}</span>
            <span className="brand-sub">Back office</span>
          </p>
          <div className="who">
            <span className="who-name">
              {me.staff.name}
              <span className="who-role">{roleName}</span>
            </span>
            <button
              ref={menuButton}
              type="button"
              className="button ghost menu-button"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span aria-hidden="true" className="menu-icon">
                {menuOpen ? '×' : '☰'}
              </span>
              Menu
            </button>
            <button type="button" className="button ghost topbar-sign-out" onClick={() => signOut()}>
              Sign out
            </button>
          </div>
        </div>
        {menuOpen && (
          <SectionsMenu
            id={menuId}
            sections={sections}
            name={me.staff.name}
            role={roleName}
            onSignOut={() => signOut()}
            onClose={(refocus) => {
              setMenuOpen(false);
              if (refocus) menuButton.current?.focus();
            }}
          />
        )}
        <SectionsStrip sections={sections} pathname={location.pathname} />
      </header>
      {/* The day's figures are the whole shop's: operators only (GET /dashboard answers them alone). */}
      {operator && <DashboardStrip />}
      <main id="main" ref={main} className="content" tabIndex={-1}>
        <ScreenBoundary key={location.pathname}>
          <Outlet />
        </ScreenBoundary>
      </main>
    </div>
  );
}

/**
 * The tab bar. Narrower than its sections, it scrolls sideways: the current section is scrolled into the
 * middle on every screen change, and a fade with an arrow marks each side that has more.
 */
function SectionsStrip({ sections, pathname }: { sections: Section[]; pathname: string }) {
  const strip = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setMore((was) => (was.before === before && was.after === after ? was : { before, after }));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new screen is when to bring its tab into view.
  useEffect(() => {
    const element = strip.current;
    const current = element?.querySelector<HTMLElement>('a.active');
    if (element && current && element.scrollWidth > element.clientWidth) {
      const middle = current.offsetLeft - element.offsetLeft + current.offsetWidth / 2;
      element.scrollLeft = Math.max(0, middle - element.clientWidth / 2);
    }
    measure();
  }, [pathname, measure]);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);
  const className = ['nav-frame', more.before && 'more-before', more.after && 'more-after']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <nav aria-label="Sections" className="nav" ref={strip} onScroll={measure}>
        {sections.map((section) => (
          <NavLink key={section.to} to={section.to}>
            {section.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

/**
 * Every section at once, the current one marked (NavLink sets aria-current="page"), and who is signed in.
 * A choice, Escape (focus back on Menu), or a press outside closes it.
 */
function SectionsMenu({
  id,
  sections,
  name,
  role,
  onSignOut,
  onClose,
}: {
  id: string;
  sections: Section[];
  name: string;
  role: string;
  onSignOut(): void;
  onClose(refocus: boolean): void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    function outside(event: PointerEvent) {
      const target = event.target as Node;
      if (panel.current?.contains(target)) return;
      if ((target as Element).closest?.('.menu-button')) return;
      onClose(false);
    }
    function onEscape(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose(true);
    }
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [onClose]);
  return (
    <div id={id} ref={panel} className="menu-panel">
      <div className="menu-who">
        <p>
          Signed in as <strong>{name}</strong> <span className="muted-light">({role})</span>
        </p>
        {/* On a phone Sign out is here, so the top bar keeps room for the shop's name. */}
        <button type="button" className="button ghost menu-sign-out" onClick={onSignOut}>
          Sign out
        </button>
      </div>
      <nav aria-label="All sections">
        <ul className="menu-list">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} onClick={() => onClose(false)}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <section className="panel" role="alert">
          <h1>This screen failed</h1>
          <p>Something went wrong showing it. Reload the page, or choose another section.</p>
        </section>
      );
    }
    return this.props.children;
  }
}
