// [REG-04, ACCT-09] The full name field, asked the same way by the address form and by
// registration (SPEC.md §5): written once so the two cannot drift apart.
import { NAME_MAX } from '@quokka/contract/input-limits';
import { MSG } from '@quokka/contract/messages';
import { TextField } from './text-field';
import type { FieldBinding } from './use-form';

export interface FullNameFieldProps extends FieldBinding {
  id: string;
}

export function FullNameField(props: FullNameFieldProps) {
  return (
    // [I12-10] The name splits into first and last names of at most NAME_MAX each.
    <TextField
      label={MSG.fullNameLabel}
      autoComplete="name"
      autoCapitalize="words"
      maxLength={NAME_MAX}
      {...props}
    />
  );
}
