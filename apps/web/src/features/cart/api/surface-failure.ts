// A call made with `silent` (so an expected failure does not disturb the loader or raise a popup) still
// owes the shell what api-client does for every other call when the failure was not expected.
import { ApiError, hasErrorCode, NoResponseError } from '../../../lib/api-client';
import { clearLoader, expireSession, setOffline, setUnexpectedError } from '../../../lib/app-state';

export function surfaceFailure(error: unknown): void {
  if (error instanceof NoResponseError) {
    setOffline(true); // [CONN-01]
    clearLoader();
    return;
  }
  if (!(error instanceof ApiError)) return;
  if (error.status >= 500) {
    setUnexpectedError(true); // [ERR-02]
    clearLoader();
  }
  if (hasErrorCode(error, 'SESSION_EXPIRED', 'SIGN_IN_REQUIRED')) {
    expireSession(); // [AUTH-23, ERR-03]
    clearLoader();
  }
}
