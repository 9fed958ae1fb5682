// [REG-04, ACCT-09] The full name field, asked the same way by the address form and by
// registration (SPEC.md §5): written once so the two cannot drift apart.
import { MSG } from '@quokka/contract/messages';
import { TextField } from './text-field';
import type { FieldBinding } from './use-form';

export interface FullNameFieldProps extends FieldBinding {
  id: string;
}

export function FullNameField(props: FullNameFieldProps) {
  return <TextField label={MSG.fullNameLabel} autoComplete="name" autoCapitalize="words" {...props} />;
}
