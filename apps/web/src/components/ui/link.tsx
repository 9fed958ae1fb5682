// [I13-js] The app's links: React Router's <Link> and <NavLink> without what only its framework mode
// uses (route module prefetching, view transitions, single fetch), which its <Link> carries on every
// page (~2.5 KB gzip of the first load). Same markup and behaviour for what the app does with them: an
// <a href> that navigates inside the app on a plain left click (a modified or middle click, a target,
// or `reloadDocument` leaves it to the browser), with `replace` and `state`; NavLink adds
// aria-current="page" and its class when the link is the current location (or, without `end`, above it).
import { type AnchorHTMLAttributes, forwardRef, type MouseEvent } from 'react';
import { type To, useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a move inside the app. */
  reloadDocument?: boolean;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, reloadDocument, target, onClick, ...rest },
  ref,
) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented && !reloadDocument) navigate(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
});

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on the path itself, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { end = false, className, ...rest },
  ref,
) {
  const { pathname: here } = useLocation();
  const { pathname: target } = useResolvedPath(rest.to);
  const current = here.toLowerCase();
  const path = target.toLowerCase();
  const isActive =
    current === path ||
    (!end && path !== '/' && current.startsWith(path) && current.charAt(path.length) === '/');
  return (
    <Link
      {...rest}
      ref={ref}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
});
