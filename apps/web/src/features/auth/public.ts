// What other features may use of sign-in (scripts/check-boundaries.mjs).
export { SignOutEverywhere } from './components/sign-out-everywhere';
export { SIGN_OUT_EVERYWHERE_TEXT } from './components/sign-out-everywhere-texts';
