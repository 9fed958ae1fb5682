// What a refused gift card call shows: a §5 rule's messages beside their fields [VAL-51], any other
// refusal (a card already ordered, another member's card) in the message popup. No response and
// server faults are the api client's (offline popup, 'Unexpected Error').
import { type FieldErrors, fromInputValidation, hasErrors } from '@quokka/contract/wire';
import { ApiError } from '../../lib/api-client';
import { showMessage } from '../../lib/app-state';

export function refusalFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const fields = fromInputValidation(error.inputValidation);
  if (hasErrors(fields)) return fields;
  if (error.status < 500 && error.status !== 401) showMessage(error.message);
  return null;
}
