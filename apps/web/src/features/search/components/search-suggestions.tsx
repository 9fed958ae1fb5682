// [I33] The header search's suggestions (header-search.tsx loads this the first time the field is used,
// keeping it out of every page's first load): from SUGGEST_MIN_CHARS characters, 150 ms after the last
// key, it asks for suggestions (a stale request is aborted) and lists up to 5 products and 3 categories,
// the matched part of each name in <mark>. The field keeps the focus and the keys; this list reports its
// options' paths and marks the active one (aria-selected, the id aria-activedescendant names).
import { formatPrice } from '@quokka/contract/money';
import { useEffect, useState } from 'react';
import { getSuggestions, type Suggestions } from '../api/suggestions';
import { SUGGEST_MIN_CHARS } from '../search-params';
import { SEARCH_TEXT } from '../search-texts';
import { MarkedText } from './marked-text';

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;

export interface SuggestionBoxProps {
  /** The listbox's id (the field's aria-controls). */
  id: string;
  /** What is typed. */
  term: string;
  /** Whether the field wants the list shown. */
  open: boolean;
  /** The active option's index, or -1. */
  active: number;
  optionId: (index: number) => string;
  /** The paths of the options listed now (none while the list waits for the term's reply). */
  onOptions: (paths: string[]) => void;
  onChoose: (path: string) => void;
}

type Option =
  | { kind: 'product'; item: Suggestions['products'][number]; path: string }
  | { kind: 'category'; item: Suggestions['categories'][number]; path: string };

function optionsOf(suggestions: Suggestions | null): Option[] {
  if (!suggestions) return [];
  return [
    ...suggestions.products
      .slice(0, 5)
      .map((item): Option => ({ kind: 'product', item, path: `/product/${item.id}` })),
    ...suggestions.categories
      .slice(0, 3)
      .map((item): Option => ({ kind: 'category', item, path: `/category/${item.id}` })),
  ];
}

/** Suggestions for `term`, asked for once typing pauses; null below the minimum or before the reply. */
function useSuggestions(term: string): { for: string; list: Suggestions } | null {
  const [result, setResult] = useState<{ for: string; list: Suggestions } | null>(null);
  useEffect(() => {
    const q = term.trim();
    if (q.length < SUGGEST_MIN_CHARS) {
      setResult(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(q, controller.signal).then(
        (list) => {
          if (!controller.signal.aborted) setResult({ for: term, list });
        },
        () => {
          if (!controller.signal.aborted) setResult(null);
        },
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);
  return result;
}

export function SuggestionBox({ id, term, open, active, optionId, onOptions, onChoose }: SuggestionBoxProps) {
  const suggestions = useSuggestions(term);
  const current = suggestions?.for === term ? suggestions.list : null;
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    const next = optionsOf(current);
    setOptions(next);
    onOptions(next.map((option) => option.path));
  }, [current, onOptions]);
  const expanded = open && options.length > 0;

  const renderOption = (option: Option, at: number) => (
    // The combobox pattern: the field keeps the focus and the keys, aria-activedescendant points here.
    // biome-ignore lint/a11y/useFocusableInteractive: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      key={`${option.kind}-${option.item.id}`}
      id={optionId(at)}
      role="option"
      aria-selected={active === at}
      className="header-search__option"
      // Keeps the focus in the field, so choosing does not first close the list.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(option.path)}
    >
      {option.kind === 'product' ? (
        <>
          <img className="header-search__thumb" src={option.item.image} alt="" width={36} height={36} />
          <span className="header-search__name">
            <MarkedText text={option.item.name} marks={option.item.marks} />
          </span>
          <span className="header-search__price">{formatPrice(option.item.price)}</span>
        </>
      ) : (
        <span className="header-search__name">
          <MarkedText text={option.item.name} marks={option.item.marks} />
        </span>
      )}
    </div>
  );
  const products = options.filter((option) => option.kind === 'product');
  const categories = options.filter((option) => option.kind === 'category');

  return (
    <div
      id={id}
      role="listbox"
      aria-label={SEARCH_TEXT.suggestions}
      className="header-search__list"
      hidden={!expanded}
    >
      {products.length > 0 ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox
        <div role="group" aria-label={SEARCH_TEXT.products} className="header-search__group">
          {products.map((option, index) => renderOption(option, index))}
        </div>
      ) : null}
      {categories.length > 0 ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox
        <div role="group" aria-label={SEARCH_TEXT.categories} className="header-search__group">
          {categories.map((option, index) => renderOption(option, products.length + index))}
        </div>
      ) : null}
    </div>
  );
}
