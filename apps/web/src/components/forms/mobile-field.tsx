// [ACCT-09, GIFT-04] A mobile number the shopper types (the address form's, the gift card's recipient and
// purchaser): the phone keypad and the Australian example (SPEC.md §5). The label, and whether the
// browser may fill it in (`autoComplete`), say whose mobile it is.
import { MOBILE_MAX } from '@quokka/contract/input-limits';
import { MSG } from '@quokka/contract/messages';
import { TextField, type TextFieldProps } from './text-field';

export function MobileField(props: TextFieldProps) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={MSG.mobilePlaceholder}
      maxLength={MOBILE_MAX}
      {...props}
    />
  );
}
