// [I33] The header's search field and its suggestions, in the real app (docs/search.md).
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { aSearchPage, callsTo, someSuggestions, stubSearchApi } from '../test/search-fakes';

configure({ asyncUtilTimeout: 5_000 });

const field = () => screen.getByRole('combobox', { name: 'Search products' });

describe('header search', () => {
  it('[I33] on a phone the Search icon beside the cart opens the field; submitting opens /search?q=', async () => {
    stubSearchApi({ search: (query) => aSearchPage(3, Number(query.get('page'))) });
    const { user, router } = renderApp('/browse');
    const toggle = await screen.findByRole('button', { name: 'Search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The icon comes just before the cart.
    expect(toggle.nextElementSibling?.nextElementSibling).toBe(screen.getByRole('button', { name: /^Cart/ }));
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveFocus();
    expect(screen.getByRole('search')).toContainElement(field());
    await user.type(field(), 'navy hoodie{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=navy+hoodie');
    expect(await screen.findByRole('heading', { level: 1, name: "Results for 'navy hoodie'" })).toBeVisible();
    // The field shows the words of the results on screen.
    expect(field()).toHaveValue('navy hoodie');
  });

  it('[I33] the submit button searches too; an empty field goes nowhere', async () => {
    stubSearchApi({ search: (query) => aSearchPage(3, Number(query.get('page'))) });
    const { user, router } = renderApp('/browse');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Submit search' }));
    expect(router.state.location.pathname).toBe('/browse');
    await user.type(field(), 'cap');
    await user.click(screen.getByRole('button', { name: 'Submit search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=cap'));
  });

  it('[I33] suggestions from 2 characters, once typing pauses, with the matched part marked', async () => {
    const fetchMock = stubSearchApi({ searchSuggestions: someSuggestions() });
    const { user } = renderApp('/browse');
    await screen.findByRole('heading', { level: 1 });
    await user.type(field(), 'h');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(fetchMock, 'searchSuggestions')).toHaveLength(0);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    await user.type(field(), 'ood');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    // Typed quickly, only the last words were asked for.
    expect(callsTo(fetchMock, 'searchSuggestions').map((query) => query.get('q'))).toEqual(['hood']);
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveAttribute('aria-controls', listbox.id);
    const products = within(listbox).getByRole('group', { name: 'Products' });
    const categories = within(listbox).getByRole('group', { name: 'Categories' });
    expect(within(products).getAllByRole('option')).toHaveLength(2);
    expect(within(categories).getAllByRole('option')).toHaveLength(1);
    const first = within(products).getAllByRole('option')[0];
    expect(first).toHaveTextContent('Harbour Hoodie$60.00');
    expect(first?.querySelector('mark')).toHaveTextContent('Hood');
    expect(within(categories).getByRole('option').querySelector('mark')).toHaveTextContent('Hood');
  });

  it('[I33] arrow keys move through the suggestions (aria-activedescendant), Enter opens a product, Escape closes the list', async () => {
    stubSearchApi({ searchSuggestions: someSuggestions() });
    const { user, router } = renderApp('/browse');
    await screen.findByRole('heading', { level: 1 });
    await user.type(field(), 'hoo');
    await screen.findByRole('listbox');
    const options = screen.getAllByRole('option');
    expect(field()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{ArrowDown}'); // wraps to the first
    expect(field()).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}'); // and back to the last
    expect(field()).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field()).toHaveValue('hoo');
    // The list opens again on the arrow keys; Enter opens the chosen product.
    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/31'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('[I33] choosing a category opens /category/<id>', async () => {
    stubSearchApi({
      searchSuggestions: someSuggestions(),
      search: (query) => aSearchPage(3, Number(query.get('page'))),
    });
    const { user, router } = renderApp('/browse');
    await screen.findByRole('heading', { level: 1 });
    await user.type(field(), 'hoo');
    await user.click(await screen.findByRole('option', { name: 'Hoodies' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/20'));
  });

  it('[I33] Enter with no suggestion chosen searches for the words', async () => {
    stubSearchApi({
      searchSuggestions: someSuggestions(),
      search: (query) => aSearchPage(3, Number(query.get('page'))),
    });
    const { user, router } = renderApp('/browse');
    await screen.findByRole('heading', { level: 1 });
    await user.type(field(), 'hoo');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=hoo');
  });

  it('[I33] a failed suggestions call shows no list and no error', async () => {
    const fetchMock = stubSearchApi({});
    const { user } = renderApp('/browse');
    await screen.findByRole('heading', { level: 1 });
    await user.type(field(), 'hoo');
    await waitFor(() => expect(callsTo(fetchMock, 'searchSuggestions')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
