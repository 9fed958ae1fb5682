// A form's state as one reducer: the values, the message beside each field, and the field that takes
// focus after the next render (a field revealed by a message must exist before it can be focused).
// Changing a field clears its message; the next submit checks again.
import type { FieldErrors } from '@quokka/contract/wire';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';

interface FormState<V> {
  values: V;
  errors: FieldErrors;
  /** A new object on every request, so asking twice for the same field focuses it twice. */
  focus: { field: string } | null;
}

type FormAction<V> =
  | { type: 'change'; field: keyof V & string; value: V[keyof V] }
  | { type: 'fill'; values: Partial<V> }
  | { type: 'errors'; errors: FieldErrors; focus?: string }
  | { type: 'error'; field: string; message: string | undefined }
  | { type: 'focus'; field: string };

function withoutError(errors: FieldErrors, field: string): FieldErrors {
  if (errors[field] === undefined) return errors;
  const { [field]: _gone, ...kept } = errors;
  return kept;
}

function formReducer<V>(state: FormState<V>, action: FormAction<V>): FormState<V> {
  switch (action.type) {
    case 'change':
      return {
        ...state,
        values: { ...state.values, [action.field]: action.value },
        errors: withoutError(state.errors, action.field),
      };
    case 'fill': {
      // Several fields at once (a chosen place): a field that now has a value loses its message.
      let errors = state.errors;
      for (const [field, value] of Object.entries(action.values))
        if (value) errors = withoutError(errors, field);
      return { ...state, values: { ...state.values, ...action.values }, errors };
    }
    case 'errors':
      return {
        ...state,
        errors: action.errors,
        focus: action.focus === undefined ? state.focus : { field: action.focus },
      };
    case 'error':
      return {
        ...state,
        errors:
          action.message === undefined
            ? withoutError(state.errors, action.field)
            : { ...state.errors, [action.field]: action.message },
      };
    case 'focus':
      return { ...state, focus: { field: action.field } };
  }
}

/** The fields of V that hold a string: the ones a text input, a select or a textarea edits. An optional
 * field is left out, since an input given `undefined` would stop being controlled. */
export type StringField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** What a field needs to show and edit one value: spread onto a `TextField` or a `SelectField`. */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  inputRef: (element: HTMLElement | null) => void;
  onChange: (event: { target: { value: string } }) => void;
}

export interface FormControl<V> {
  values: V;
  errors: FieldErrors;
  change<K extends keyof V & string>(field: K, value: V[K]): void;
  /** Sets several fields at once; the ones given a value lose their message. */
  fill(values: Partial<V>): void;
  /** Replaces every message and, when named, focuses a field (or any element registered by name). */
  showErrors(errors: FieldErrors, focus?: string): void;
  /** One field's message, or none. */
  setError(field: string, message: string | undefined): void;
  focus(field: string): void;
  /** The ref callback that lets `focus(name)` find an element. */
  fieldRef(name: string): (element: HTMLElement | null) => void;
  /** A string field's name, value, message, focus ref and change handler, so each field is wired once. */
  bind<K extends StringField<V>>(field: K): FieldBinding;
}

export function useForm<V extends object>(initial: V | (() => V)): FormControl<V> {
  const [state, dispatch] = useReducer(formReducer<V>, initial, (start) => ({
    values: typeof start === 'function' ? (start as () => V)() : start,
    errors: {},
    focus: null,
  }));
  const elements = useRef<Partial<Record<string, HTMLElement | null>>>({});

  useEffect(() => {
    if (state.focus) elements.current[state.focus.field]?.focus();
  }, [state.focus]);

  const fieldRef = useCallback(
    (name: string) => (element: HTMLElement | null) => {
      elements.current[name] = element;
    },
    [],
  );

  const actions = useMemo(
    () => ({
      change: <K extends keyof V & string>(field: K, value: V[K]) =>
        dispatch({ type: 'change', field, value }),
      fill: (values: Partial<V>) => dispatch({ type: 'fill', values }),
      showErrors: (errors: FieldErrors, focus?: string) => dispatch({ type: 'errors', errors, focus }),
      setError: (field: string, message: string | undefined) => dispatch({ type: 'error', field, message }),
      focus: (field: string) => dispatch({ type: 'focus', field }),
    }),
    [],
  );

  const { values, errors } = state;
  const bind = <K extends StringField<V>>(field: K): FieldBinding => ({
    name: field,
    // StringField keeps only the keys whose value is a string; TypeScript cannot follow that to V[K].
    value: values[field] as string,
    error: errors[field],
    inputRef: fieldRef(field),
    onChange: (event) => actions.change(field, event.target.value as V[K]),
  });

  return { values, errors, ...actions, fieldRef, bind };
}
