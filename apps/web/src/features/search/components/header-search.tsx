// [I33] The header's search field on every storefront page (docs/search.md). On a phone a "Search" icon
// beside the cart opens it under the header; wider screens show it in the header (header-search.css).
// Submitting opens /search?q=…. The field is a WAI-ARIA combobox: its suggestions (search-suggestions.tsx,
// loaded the first time the field is used, so the first load of every page stays small) list under it;
// arrow keys move through them (aria-activedescendant), Enter opens one, Escape closes the list.
import {
  type ComponentType,
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SuggestionBoxProps } from './search-suggestions';
import './header-search.css';

/** The words of the header's part (the rest are in search-texts.ts, which loads with the screens). */
const OPEN = 'Search';
const FIELD = 'Search products';
const SUBMIT = 'Submit search';
/** The contract's SEARCH_QUERY_MAX (search-params.ts). */
const QUERY_MAX = 100;

let SuggestionBox: ComponentType<SuggestionBoxProps> | undefined;
let loading: Promise<void> | undefined;

/** Loads the suggestions' code once; a failed load (a dropped connection) may be tried again. */
function loadSuggestions(): Promise<void> {
  loading ??= import('./search-suggestions').then(
    (module) => {
      SuggestionBox = module.SuggestionBox;
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/** The magnifier of the toggle and of the submit button (made once: the header is on every page). */
const SEARCH_ICON = (
  <svg
    width="24"
    height="24"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="M15.5 15.5L20 20" />
  </svg>
);

const searchUrl = (q: string) => `/search?${new URLSearchParams({ q })}`;

export function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const formId = `${id}search`;
  const listId = `${id}suggestions`;
  const optionId = useCallback((index: number) => `${id}option-${index}`, [id]);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const urlQuery = (location.pathname === '/search' && new URLSearchParams(location.search).get('q')) || '';
  const [value, setValue] = useState(urlQuery);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [paths, setPaths] = useState<string[]>([]);
  const [Box, setBox] = useState(() => SuggestionBox);
  const expanded = listOpen && paths.length > 0;

  const wantSuggestions = () => {
    if (!Box) void loadSuggestions().then(() => setBox(() => SuggestionBox));
  };

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

  const go = (path: string) => {
    leave();
    navigate(path);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim();
    // New words start a new search: the filters of the last one may not fit them.
    if (q) go(searchUrl(q));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = paths.length;
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
    } else if (event.key === 'Enter' && expanded && paths[active]) {
      event.preventDefault();
      go(paths[active]);
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

  const onOptions = useCallback((next: string[]) => {
    setPaths(next);
    setActive(-1);
  }, []);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="app-header__button header-search__toggle"
        aria-label={OPEN}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((current) => !current)}
      >
        {SEARCH_ICON}
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
            aria-label={FIELD}
            placeholder={FIELD}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            maxLength={QUERY_MAX}
            value={value}
            onFocus={wantSuggestions}
            onChange={(event) => {
              wantSuggestions();
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
          <button type="submit" className="header-search__submit" aria-label={SUBMIT}>
            {SEARCH_ICON}
          </button>
          {Box ? (
            <Box
              id={listId}
              term={term}
              open={listOpen}
              active={active}
              optionId={optionId}
              onOptions={onOptions}
              onChoose={go}
            />
          ) : (
            // An empty list until the suggestions' code is there.
            <div id={listId} role="listbox" aria-label="Suggestions" className="header-search__list" hidden />
          )}
        </div>
      </form>
    </>
  );
}
