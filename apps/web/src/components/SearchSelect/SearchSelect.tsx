import { Combobox, InputBase, Loader, useCombobox, type InputBaseProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { QueryKey } from '@tanstack/react-query';
import { useId, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchSelectQuery, type SearchSelectLoad } from './search-select-query.ts';
import { BusyIndicator } from '../BusyIndicator/BusyIndicator.tsx';

/** Distance (px) from the end of the list at which the next window is loaded. */
const LOAD_MORE_THRESHOLD = 24;
const SEARCH_DEBOUNCE_MS = 200;

export interface SearchSelectProps<T> extends Pick<
  InputBaseProps,
  'label' | 'description' | 'error' | 'required' | 'disabled' | 'w' | 'maw'
> {
  /** Loads one window of matches, e.g. `GET /realms?filter[name]=~{search}&page[offset]&page[limit]`. */
  readonly load: SearchSelectLoad<T>;
  /** Cache key of the list being searched, e.g. `['realms']`. */
  readonly queryKey: QueryKey;
  readonly getValue: (item: T) => string;
  readonly getLabel: (item: T) => string;
  readonly value: string | null;
  readonly onChange: (value: string | null, item: T | null) => void;
  /** The selected item when the form starts with a value, so its label shows before anything loads. */
  readonly initialItem?: T | null;
  readonly placeholder?: string;
  /** Shows a button that clears the choice (for optional fields). */
  readonly clearable?: boolean;
  /** Label for the clear button, e.g. "Clear realm". */
  readonly clearLabel?: string;
}

/** A select whose options come from the server: 10 at first, 10 more whenever the list is scrolled to its end. */
export function SearchSelect<T>({
  load,
  queryKey,
  getValue,
  getLabel,
  value,
  onChange,
  initialItem = null,
  placeholder,
  clearable = false,
  clearLabel,
  ...inputProps
}: SearchSelectProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [selected, setSelected] = useState<T | null>(initialItem);
  const [search, setSearch] = useState<string | null>(null);
  const [debouncedSearch] = useDebouncedValue(search ?? '', SEARCH_DEBOUNCE_MS);
  const query = useSearchSelectQuery({
    queryKey,
    load,
    search: debouncedSearch,
    enabled: combobox.dropdownOpened,
  });

  const items = query.data?.pages.flatMap((page) => page.data) ?? [];
  const selectedItem =
    selected !== null && getValue(selected) === value
      ? selected
      : (items.find((item) => getValue(item) === value) ?? null);

  const loadMoreAtEnd = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight <= LOAD_MORE_THRESHOLD;
    if (atEnd && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  const choose = (optionValue: string) => {
    const item = items.find((candidate) => getValue(candidate) === optionValue) ?? null;
    setSelected(item);
    setSearch(null);
    onChange(optionValue, item);
    combobox.closeDropdown();
  };

  const clear = () => {
    setSelected(null);
    setSearch(null);
    onChange(null, null);
  };
  const showClear = clearable && value !== null && !inputProps.disabled;
  const rightSection = query.isFetching ? (
    <Loader size="xs" aria-hidden />
  ) : showClear ? (
    <Combobox.ClearButton onClear={clear} aria-label={clearLabel} />
  ) : (
    <Combobox.Chevron />
  );

  return (
    <Combobox store={combobox} onOptionSubmit={choose}>
      <Combobox.Target>
        <InputBase
          {...inputProps}
          id={id}
          value={search ?? (selectedItem ? getLabel(selectedItem) : '')}
          placeholder={placeholder ?? t('app.select.placeholder')}
          rightSection={rightSection}
          rightSectionPointerEvents={showClear && !query.isFetching ? 'all' : 'none'}
          autoComplete="off"
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setSearch(null);
          }}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
        />
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Options
          labelledBy={inputProps.label ? `${id}-label` : undefined}
          mah={240}
          style={{ overflowY: 'auto' }}
          onScroll={loadMoreAtEnd}
        >
          {items.map((item) => (
            <Combobox.Option key={getValue(item)} value={getValue(item)} active={getValue(item) === value}>
              {getLabel(item)}
            </Combobox.Option>
          ))}
          {items.length === 0 && (
            <Combobox.Empty>
              {query.isFetching ? t('app.select.loading') : t('app.select.nothingFound')}
            </Combobox.Empty>
          )}
          {query.isFetchingNextPage && (
            <Combobox.Empty>
              <BusyIndicator size="xs" label={t('app.select.loading')} />
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
