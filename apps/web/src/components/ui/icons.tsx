// Inline icons: no icon font or CDN (the app must work with no outside network). All decorative;
// the control that holds one carries the accessible name.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

export function CartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 4h2l2.2 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
      <circle cx="9.5" cy="19.5" r="1.5" />
      <circle cx="17" cy="19.5" r="1.5" />
    </Icon>
  );
}

export function ChevronIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 6l6 6-6 6" />
    </Icon>
  );
}

export function WifiOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.4-1.6M2 9a15 15 0 0 1 4.3-2.8M22 9a15 15 0 0 0-10-3.9" />
      <circle cx="12" cy="20" r="0.5" fill="currentColor" />
    </Icon>
  );
}

/** The brand mark: a quokka face in the accent colour. */
export function QuokkaMark(props: IconProps) {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...props}>
      <circle cx="9.5" cy="9.5" r="4" fill="var(--color-accent)" />
      <circle cx="22.5" cy="9.5" r="4" fill="var(--color-accent)" />
      <circle cx="16" cy="17.5" r="10" fill="var(--color-accent)" />
      <circle cx="12.5" cy="16" r="1.6" fill="var(--color-text)" />
      <circle cx="19.5" cy="16" r="1.6" fill="var(--color-text)" />
      <ellipse cx="16" cy="21" rx="2.3" ry="1.6" fill="var(--color-text)" />
    </svg>
  );
}
