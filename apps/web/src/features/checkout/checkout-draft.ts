// What the shopper typed at checkout, kept when the countdown runs out [I11-6], so that coming
// back through the cart finds it again. In memory only: an address and a mobile are not written to
// browser storage (lib/storage.ts holds SPEC.md's keys alone), and a card number is never kept at all.
// A draft belongs to one member and is handed out once.
import type { AddressInput } from '@quokka/contract/validate-address';

export interface CheckoutDraft {
  customerId: number;
  /** The address option that was chosen ('saved:31'). */
  selectedAddress: string | null;
  /** The 'Add New Address' form's fields, when it was open. */
  newAddress: Partial<AddressInput> | null;
}

let kept: CheckoutDraft | null = null;

export function keepCheckoutDraft(draft: CheckoutDraft): void {
  kept = draft;
}

/** The member's draft, if one is kept; another member's is never shown. */
export function readCheckoutDraft(customerId: number): CheckoutDraft | null {
  return kept?.customerId === customerId ? kept : null;
}

export function dropCheckoutDraft(): void {
  kept = null;
}
