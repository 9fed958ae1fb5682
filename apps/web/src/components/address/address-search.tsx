// [REG-06] The address search of every address form: a combobox over places suggestions (the WAI-ARIA combobox pattern with
// a listbox popup). Arrow keys move through the suggestions, Enter chooses, Escape closes. Typing
// "12 King St, Newtown" finds Newtown and keeps "12 King St" as the street: the offline list knows
// suburbs and postcodes, not streets.
import { PLACES_QUERY_MAX } from '@quokka/contract/api/places';
import { MSG } from '@quokka/contract/messages';
import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import { MIN_QUERY_LENGTH, type PlaceAddress, type PlaceSuggestion, searchPlaces } from '../../lib/places';
import '../forms/field.css';
import './address-search.css';

const SEARCH_DELAY_MS = 250;

/** Splits "12 King St, Newtown" into the street typed and the place to look up. */
export function splitAddressQuery(query: string): { street: string; lookup: string } {
  const comma = query.lastIndexOf(',');
  if (comma < 0) return { street: '', lookup: query.trim() };
  return { street: query.slice(0, comma).trim(), lookup: query.slice(comma + 1).trim() };
}

export interface AddressSearchProps {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  /** The chosen place's parts; `street` is the street typed before a comma when the place has none. */
  onChoose: (address: PlaceAddress) => void;
  describedBy?: string;
}

type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; results: PlaceSuggestion[] };

export function AddressSearch({ inputRef, value, onChange, onChoose, describedBy }: AddressSearchProps) {
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { street, lookup } = splitAddressQuery(value);

  useEffect(() => {
    if (!open || lookup.length < MIN_QUERY_LENGTH) {
      setSearch({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setSearch({ status: 'searching' });
    const timer = window.setTimeout(() => {
      searchPlaces(value, controller.signal)
        .then((results) => {
          setSearch({ status: 'done', results });
          setActive(-1);
        })
        .catch(() => {
          // Aborted by a newer query: that query's answer follows.
        });
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value, lookup, open]);

  const results = search.status === 'done' ? search.results : [];
  const expanded = open && search.status !== 'idle';

  function choose(suggestion: PlaceSuggestion) {
    setOpen(false);
    setActive(-1);
    const chosenStreet = suggestion.address.street || street;
    onChange(chosenStreet ? `${chosenStreet}, ${suggestion.description}` : suggestion.description);
    onChoose({ ...suggestion.address, street: chosenStreet });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (results.length > 0) setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length > 0) setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      const chosen = expanded ? results[active] : undefined;
      // Enter picks the highlighted suggestion instead of submitting the form.
      if (chosen) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        // The list closes; the popup or page around stays.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      }
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="field address-search">
      <label className="field__label" htmlFor={inputId}>
        {MSG.addressSearchLabel}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="field__input"
        type="text"
        role="combobox"
        maxLength={PLACES_QUERY_MAX}
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <p className="field__hint" id={hintId}>
        {MSG.addressSearchHint}
      </p>
      <div
        className="address-search__list"
        id={listId}
        role="listbox"
        aria-label={MSG.addressSuggestions}
        hidden={!expanded}
      >
        {search.status === 'searching' ? (
          <div className="address-search__status" aria-live="polite">
            {MSG.addressSearching}
          </div>
        ) : null}
        {search.status === 'done' && results.length === 0 ? (
          <div className="address-search__status" aria-live="polite">
            {MSG.addressNoMatches}
          </div>
        ) : null}
        {results.map((suggestion, index) => (
          <div
            key={suggestion.id}
            id={optionId(index)}
            className="address-search__option"
            role="option"
            aria-selected={index === active}
            // Options are reached with the arrow keys from the input (aria-activedescendant), not Tab.
            tabIndex={-1}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
          >
            {suggestion.description}
          </div>
        ))}
      </div>
    </div>
  );
}
