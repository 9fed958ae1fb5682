// [I33] The header's search field on every storefront page (docs/search.md). On a phone a "Search" icon
// beside the cart opens it under the header; wider screens show it in the header (header-search.css).
// Submitting opens /search?q=…. From SUGGEST_MIN_CHARS characters, and 150 ms after the last key, it asks
// for suggestions (a stale request is aborted) and lists them under the field in the WAI-ARIA combobox
// pattern: arrow keys move through them (aria-activedescendant), Enter opens one, Escape closes the list.
import { formatPrice } from '@quokka/contract/money';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getSuggestions, type Suggestions } from '../api/suggestions';
import { readSearchParams, SEARCH_QUERY_MAX, SUGGEST_MIN_CHARS, searchPath } from '../search-params';
import { SEARCH_TEXT } from '../search-texts';
import { MarkedText } from './marked-text';
import './header-search.css';

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;

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

export function SearchIcon() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L20 20" />
    </svg>
  );
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

export function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const formId = `${id}search`;
  const listId = `${id}suggestions`;
  const optionId = (index: number) => `${id}option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const onResults = location.pathname === '/search';
  const urlQuery = onResults ? readSearchParams(new URLSearchParams(location.search)).q : '';
  const [value, setValue] = useState(urlQuery);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(term);
  const options = optionsOf(suggestions?.for === term ? suggestions.list : null);
  const expanded = listOpen && options.length > 0;

  // The field shows the words of the results on screen, and follows back and forward.
  useEffect(() => {
    setValue(urlQuery);
    setTerm('');
    setListOpen(false);
  }, [urlQuery]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const leave = () => {
    setListOpen(false);
    setActive(-1);
    setTerm('');
    setOpen(false);
    inputRef.current?.blur();
  };

  const choose = (option: Option) => {
    leave();
    navigate(option.path);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim();
    if (!q) return;
    leave();
    // New words start a new search: the filters of the last one may not fit them.
    navigate(searchPath({ q }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      if (!listOpen) {
        setListOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : count - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 && step < 0 ? count - 1 : (current + step + count) % count));
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setListOpen(false);
        setActive(-1);
      } else if (open) {
        event.preventDefault();
        setOpen(false);
        toggleRef.current?.focus();
      }
    }
  };

  let index = -1;
  const renderOption = (option: Option) => {
    index += 1;
    const at = index;
    return (
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
        onClick={() => choose(option)}
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
  };
  const products = options.filter((option) => option.kind === 'product');
  const categories = options.filter((option) => option.kind === 'category');

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="app-header__button header-search__toggle"
        aria-label={SEARCH_TEXT.open}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((current) => !current)}
      >
        <SearchIcon />
      </button>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for the phones we support */}
      <form
        id={formId}
        role="search"
        className="header-search"
        data-open={open ? 'true' : undefined}
        action="/search"
        onSubmit={submit}
      >
        <div className="header-search__box">
          <input
            ref={inputRef}
            name="q"
            type="search"
            className="header-search__input"
            role="combobox"
            aria-label={SEARCH_TEXT.field}
            placeholder={SEARCH_TEXT.field}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_QUERY_MAX}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setTerm(event.target.value);
              setListOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setListOpen(false);
              setActive(-1);
            }}
          />
          <button type="submit" className="header-search__submit" aria-label={SEARCH_TEXT.submit}>
            <SearchIcon />
          </button>
          <div
            id={listId}
            role="listbox"
            aria-label={SEARCH_TEXT.suggestions}
            className="header-search__list"
            hidden={!expanded}
          >
            {products.length > 0 ? (
              // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox
              <div role="group" aria-label={SEARCH_TEXT.products} className="header-search__group">
                {products.map(renderOption)}
              </div>
            ) : null}
            {categories.length > 0 ? (
              // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox
              <div role="group" aria-label={SEARCH_TEXT.categories} className="header-search__group">
                {categories.map(renderOption)}
              </div>
            ) : null}
          </div>
        </div>
      </form>
    </>
  );
}
