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

// Sign-in screens

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </Icon>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3l7 3v5.5c0 4.3-2.9 8.1-7 9.5-4.1-1.4-7-5.2-7-9.5V6z" />
      <path d="M9 12l2.2 2.2L15.5 10" />
    </Icon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Icon>
  );
}

export function LinkOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9.5 14.5l-1.8 1.8a3.5 3.5 0 0 1-5-5l2.8-2.8a3.5 3.5 0 0 1 4.3-.5" />
      <path d="M14.5 9.5l1.8-1.8a3.5 3.5 0 0 1 5 5l-2.8 2.8a3.5 3.5 0 0 1-4.3.5" />
      <path d="M3 3l18 18" />
    </Icon>
  );
}

export function StoreIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 9.5V20h16V9.5" />
      <path d="M3 9.5l2-5.5h14l2 5.5a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0" />
      <path d="M10 20v-5h4v5" />
    </Icon>
  );
}

export function InfoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" />
    </Icon>
  );
}
