// How the mobile popup opens. The shell only knows that the 'mobile' popup is open (the cart icon,
// Add To Cart and Buy Now open it plainly); screens of this feature may ask for more: start at the
// code step for a known mobile, or renew an expired link. The popup reads the request as it mounts
// and clears it as it unmounts, so a later plain opening starts afresh.
import { openPopup } from '../../lib/app-state';

export interface MobilePopupRequest {
  /** Prefills the mobile. */
  mobile?: string;
  /** Sends a code to `mobile` at once and opens at the code step [AUTH-19, AUTH-20]. */
  sendOnOpen?: boolean;
  /** The expired link being renewed [AUTH-13, AUTH-14]: confirm with expired:true and this as expired_jwt. */
  expiredJwt?: string | null;
}

let pending: MobilePopupRequest | null = null;

export function openMobilePopup(request: MobilePopupRequest = {}): void {
  pending = request;
  openPopup('mobile');
}

export function peekMobilePopupRequest(): MobilePopupRequest {
  return pending ?? {};
}

export function clearMobilePopupRequest(): void {
  pending = null;
}

// The info popup opened from the mobile popup leads back to it, with the number typed so far.
let infoReturn: MobilePopupRequest | null = null;

/** [SHELL-19] Opens the info popup; `returnTo` reopens the mobile popup when it closes. */
export function openInfoPopup(returnTo: MobilePopupRequest | null = null): void {
  infoReturn = returnTo;
  openPopup('info');
}

export function peekInfoReturn(): MobilePopupRequest | null {
  return infoReturn;
}

export function clearInfoReturn(): void {
  infoReturn = null;
}
