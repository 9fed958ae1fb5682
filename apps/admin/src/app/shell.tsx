// The frame of every screen once signed in: the shop's name, the sections, the member and sign-out, and
// the dashboard strip. A screen's failure renders inside it (the nav still works).
import { Component, type ReactNode, useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { DashboardStrip } from '../features/dashboard/dashboard-strip';
import { useMe, useSession } from '../lib/session';
import './shell.css';

export function Shell() {
  const { config, signOut } = useSession();
  const me = useMe();
  const location = useLocation();
  const operator = me.staff.role === 'operator';
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(location.pathname);
  // A new screen: focus moves to its content, so a screen reader starts there (not on a filter change).
  useEffect(() => {
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
            <span>{config.storeName}</span>
            <span className="brand-sub">Back office</span>
          </p>
          <div className="who">
            <span className="who-name">
              {me.staff.name}
              <span className="who-role">{me.staff.role === 'operator' ? 'Operator' : 'Seller staff'}</span>
            </span>
            <button type="button" className="button ghost" onClick={() => signOut()}>
              Sign out
            </button>
          </div>
        </div>
        <nav aria-label="Sections" className="nav">
          {!operator && <NavLink to="/home">Home</NavLink>}
          <NavLink to="/orders">Orders</NavLink>
          <NavLink to="/products">Products</NavLink>
          <NavLink to="/gift-cards">Gift cards</NavLink>
          <NavLink to="/campaigns">Campaigns</NavLink>
          <NavLink to="/automations">Automations</NavLink>
          <NavLink to="/subscribers">Subscribers</NavLink>
          <NavLink to="/statements">Statements</NavLink>
          {operator ? (
            <NavLink to="/payouts">Payouts</NavLink>
          ) : (
            <NavLink to="/bank-account">Bank account</NavLink>
          )}
          <NavLink to="/invoices">Tax invoices</NavLink>
          {operator && <NavLink to="/sellers">Sellers</NavLink>}
          {operator && <NavLink to="/members">Members</NavLink>}
          {/* [I32] Operators: every member of staff; a seller's owner: their seller's. */}
          {(operator || me.staff.seller_owner) && <NavLink to="/staff">Staff</NavLink>}
          {!operator && <NavLink to="/profile">Profile</NavLink>}
          {operator && <NavLink to="/audit">Audit log</NavLink>}
          <NavLink to="/passkeys">Passkeys</NavLink>
        </nav>
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
