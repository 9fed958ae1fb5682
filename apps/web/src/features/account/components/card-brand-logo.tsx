// [ACCT-14] Card brand logos, drawn inline and bundled with the app: the storefront reaches no CDN
// (ARCHITECTURE.md), so the logos SPEC.md loads from one are shipped as SVG here instead.
import type { ReactNode } from 'react';
// Its `.card-logo` rules live there; a screen outside the feature gets them with the logo.
import './account.css';

export const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function brandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? 'Card';
}

const W = 48;
const H = 32;

function Frame({ label, fill, children }: { label: string; fill: string; children: ReactNode }) {
  return (
    <svg className="card-logo" width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      <rect width={W} height={H} rx="4" fill={fill} />
      {children}
    </svg>
  );
}

const wordmark = {
  fontFamily: 'Arial, Helvetica, sans-serif',
  fontWeight: 700,
  textAnchor: 'middle',
  dominantBaseline: 'central',
} as const;

export function CardBrandLogo({ brand }: { brand: string }) {
  const key = brand.toLowerCase();
  const label = brandName(key);
  switch (key) {
    case 'visa':
      return (
        <Frame label={label} fill="#1a1f71">
          <text x="24" y="16.5" fill="#fff" fontSize="13" fontStyle="italic" {...wordmark}>
            VISA
          </text>
          <rect x="8" y="25" width="32" height="2" fill="#f7b600" />
        </Frame>
      );
    case 'mastercard':
      return (
        <Frame label={label} fill="#252525">
          <circle cx="19" cy="16" r="9" fill="#eb001b" />
          <circle cx="29" cy="16" r="9" fill="#f79e1b" />
          <path d="M24 8.4a9 9 0 0 1 0 15.2a9 9 0 0 1 0-15.2z" fill="#ff5f00" />
        </Frame>
      );
    case 'amex':
      return (
        <Frame label={label} fill="#2e77bc">
          <text x="24" y="16.5" fill="#fff" fontSize="11" letterSpacing="0.5" {...wordmark}>
            AMEX
          </text>
        </Frame>
      );
    case 'jcb':
      return (
        <Frame label={label} fill="#fff">
          <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="4" fill="none" stroke="#d1d5db" />
          <rect x="7" y="6" width="10" height="20" rx="3" fill="#0e4c96" />
          <rect x="19" y="6" width="10" height="20" rx="3" fill="#e21836" />
          <rect x="31" y="6" width="10" height="20" rx="3" fill="#009f4d" />
          <text x="24" y="16.5" fill="#fff" fontSize="9" {...wordmark}>
            JCB
          </text>
        </Frame>
      );
    case 'unionpay':
      return (
        <Frame label={label} fill="#fff">
          <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="4" fill="none" stroke="#d1d5db" />
          <path d="M9 5h12l-4 22H5z" fill="#e21836" />
          <path d="M20 5h12l-4 22H16z" fill="#00447c" />
          <path d="M31 5h12l-4 22H27z" fill="#007b84" />
          <text x="24" y="16.5" fill="#fff" fontSize="6.5" {...wordmark}>
            UnionPay
          </text>
        </Frame>
      );
    default:
      return (
        <Frame label={label} fill="#e5e7eb">
          <rect x="6" y="9" width="36" height="4" fill="#9ca3af" />
          <rect x="6" y="20" width="14" height="3" rx="1" fill="#9ca3af" />
        </Frame>
      );
  }
}
