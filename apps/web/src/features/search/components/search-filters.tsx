// [I33] The filters and the sort of the results page, each value with the number of results it would
// leave (the reply's `facets`). A change is a new URL (pushed, so back undoes it). On a phone they sit
// behind a "Filters" button, in a panel closed by "Show N results"; wider screens show them beside the
// results (search-page.css).
import type { FacetValue, SearchFacets, SearchSort } from '@quokka/contract/api/search';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { activeFilters, type FilterKey, SEARCH_SORTS, type SearchParams } from '../search-params';
import { SEARCH_TEXT } from '../search-texts';

export interface SearchFiltersProps {
  params: SearchParams;
  facets: SearchFacets | undefined;
  total: number;
  onChange: (next: SearchParams) => void;
}

const withCount = (value: FacetValue) => `${value.label} (${value.count})`;

function FacetSelect({
  label,
  any,
  values,
  selected,
  onSelect,
}: {
  label: string;
  any: string;
  values: readonly FacetValue[];
  selected: string | undefined;
  onSelect: (value: string | undefined) => void;
}) {
  const id = useId();
  // A chosen value the reply no longer lists (no results) stays choosable, so it can be seen and undone.
  const shown =
    selected !== undefined && !values.some((value) => value.value === selected)
      ? [...values, { value: selected, label: selected, count: 0 }]
      : values;
  return (
    <div className="search-filters__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={selected ?? ''} onChange={(event) => onSelect(event.target.value || undefined)}>
        <option value="">{any}</option>
        {shown.map((value) => (
          <option key={value.value} value={value.value}>
            {withCount(value)}
          </option>
        ))}
      </select>
    </div>
  );
}

function PriceRange({
  params,
  facets,
  onApply,
}: {
  params: SearchParams;
  facets: SearchFacets | undefined;
  onApply: (min: string | undefined, max: string | undefined) => void;
}) {
  const [min, setMin] = useState(params.price_min ?? '');
  const [max, setMax] = useState(params.price_max ?? '');
  useEffect(() => setMin(params.price_min ?? ''), [params.price_min]);
  useEffect(() => setMax(params.price_max ?? ''), [params.price_max]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(min.trim() || undefined, max.trim() || undefined);
  };
  const low = facets?.price.min;
  const high = facets?.price.max;
  return (
    <form className="search-filters__field search-filters__price" onSubmit={submit}>
      <fieldset>
        <legend>{SEARCH_TEXT.price}</legend>
        <input
          aria-label={SEARCH_TEXT.priceMin}
          inputMode="decimal"
          pattern="\d{1,7}(\.\d{1,2})?"
          placeholder={low != null ? String(Math.floor(low)) : SEARCH_TEXT.priceMin}
          value={min}
          onChange={(event) => setMin(event.target.value)}
        />
        <span aria-hidden="true">–</span>
        <input
          aria-label={SEARCH_TEXT.priceMax}
          inputMode="decimal"
          pattern="\d{1,7}(\.\d{1,2})?"
          placeholder={high != null ? String(Math.ceil(high)) : SEARCH_TEXT.priceMax}
          value={max}
          onChange={(event) => setMax(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {SEARCH_TEXT.applyPrice}
        </Button>
      </fieldset>
    </form>
  );
}

export function SearchFilters({ params, facets, total, onChange }: SearchFiltersProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const set = (key: FilterKey, value: string | undefined) => onChange({ ...params, [key]: value });
  const count = activeFilters(params);
  const sortId = useId();
  return (
    <div className="search-filters">
      <div className="search-filters__bar">
        <Button
          variant="secondary"
          className="search-filters__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((current) => !current)}
        >
          {count > 0 ? `${SEARCH_TEXT.filters} (${count})` : SEARCH_TEXT.filters}
        </Button>
        <div className="search-filters__field search-filters__sort">
          <label htmlFor={sortId}>{SEARCH_TEXT.sort}</label>
          <select
            id={sortId}
            value={params.sort ?? 'relevance'}
            onChange={(event) => {
              const sort = event.target.value as SearchSort;
              onChange({ ...params, sort: sort === 'relevance' ? undefined : sort });
            }}
          >
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SEARCH_TEXT.sorts[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <section
        id={panelId}
        className="search-filters__panel"
        data-open={open ? 'true' : undefined}
        aria-label={SEARCH_TEXT.filters}
      >
        <FacetSelect
          label={SEARCH_TEXT.category}
          any={SEARCH_TEXT.anyCategory}
          values={facets?.category ?? []}
          selected={params.category_id}
          onSelect={(value) => set('category_id', value)}
        />
        <FacetSelect
          label={SEARCH_TEXT.seller}
          any={SEARCH_TEXT.anySeller}
          values={facets?.seller ?? []}
          selected={params.seller_url}
          onSelect={(value) => set('seller_url', value)}
        />
        <PriceRange
          params={params}
          facets={facets}
          onApply={(min, max) => onChange({ ...params, price_min: min, price_max: max })}
        />
        <FacetSelect
          label={SEARCH_TEXT.color}
          any={SEARCH_TEXT.anyColor}
          values={facets?.color ?? []}
          selected={params.color}
          onSelect={(value) => set('color', value)}
        />
        <FacetSelect
          label={SEARCH_TEXT.size}
          any={SEARCH_TEXT.anySize}
          values={facets?.size ?? []}
          selected={params.size}
          onSelect={(value) => set('size', value)}
        />
        <label className="search-filters__check">
          <input
            type="checkbox"
            checked={params.in_stock === '1'}
            onChange={(event) => set('in_stock', event.target.checked ? '1' : undefined)}
          />
          {facets ? `${SEARCH_TEXT.inStock} (${facets.in_stock})` : SEARCH_TEXT.inStock}
        </label>
        {count > 0 ? (
          <Button
            variant="ghost"
            onClick={() => onChange({ q: params.q, sort: params.sort })}
            className="search-filters__clear"
          >
            {SEARCH_TEXT.clearFilters}
          </Button>
        ) : null}
        <Button block className="search-filters__show" onClick={() => setOpen(false)}>
          {SEARCH_TEXT.showResults(total)}
        </Button>
      </section>
    </div>
  );
}
