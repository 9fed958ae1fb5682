// Who runs the storefront and how to reach them: the trading name, the ABN and the support contact that
// the footer, /success, the terms and every message naming support show. The server reads them from its
// settings (OPERATOR_NAME, OPERATOR_ABN, SUPPORT_EMAIL, SUPPORT_PHONE) and hands them to the web app in
// the runtime config; the sandbox identity below is what both use when nothing is set.

export interface BusinessIdentity {
  /** The operator's trading name, e.g. 'Quokka Marketplace Pty Ltd'. */
  tradingName: string;
  /** 11 digits grouped '12 345 678 901'. */
  abn: string;
  supportEmail: string | null;
  supportPhone: string | null;
}

/** Sandbox mode only: a made-up operator (the ABN passes the checksum; the phone is ACMA's fictional range). */
export const SANDBOX_IDENTITY: BusinessIdentity = {
  tradingName: 'Quokka Marketplace Pty Ltd',
  abn: '12 345 679 016',
  supportEmail: 'support@example.com',
  supportPhone: '1300 975 707',
};

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * The ATO's ABN check: take 1 from the first digit, weight the 11 digits, and the sum divides by 89.
 * Spaces are allowed; anything else is not an ABN.
 */
export function isValidAbn(input: string): boolean {
  const digits = input.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(digits) || digits.startsWith('0')) return false;
  const sum = [...digits].reduce(
    (total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * (ABN_WEIGHTS[index] ?? 0),
    0,
  );
  return sum % 89 === 0;
}

/** '12345679016' → '12 345 679 016', the way the ABN Lookup shows it. */
export function formatAbn(input: string): string {
  const d = input.replace(/\s+/g, '');
  return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}`;
}

/** How a text names support: 'support@example.com or 1300 975 707'. */
export function supportContactText(
  identity: Pick<BusinessIdentity, 'supportEmail' | 'supportPhone'>,
): string {
  return [identity.supportEmail, identity.supportPhone].filter(Boolean).join(' or ');
}
