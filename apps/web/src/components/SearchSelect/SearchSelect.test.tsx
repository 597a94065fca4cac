import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { SearchSelect } from './SearchSelect.tsx';
import type { SearchSelectLoadOptions } from './search-select-query.ts';

interface Realm {
  id: string;
  name: string;
}

const realms: Realm[] = Array.from({ length: 25 }, (_, index) => ({
  id: `r${index + 1}`,
  name: `realm-${index + 1}`,
}));

function createLoad() {
  return vi.fn(async ({ search, offset, limit }: SearchSelectLoadOptions) => {
    const matches = realms.filter((realm) => realm.name.includes(search));
    return { data: matches.slice(offset, offset + limit), meta: { total: matches.length } };
  });
}

function RealmSelect({
  load,
  onChange,
}: {
  load: ReturnType<typeof createLoad>;
  onChange?: (value: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <SearchSelect<Realm>
      label="Realm"
      queryKey={['realms']}
      load={load}
      getValue={(realm) => realm.id}
      getLabel={(realm) => realm.name}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const calls = (load: ReturnType<typeof createLoad>) =>
  load.mock.calls.map(([{ search, offset, limit }]) => ({ search, offset, limit }));

describe('SearchSelect', () => {
  it('shows "-- Select --" and loads nothing until it is opened', () => {
    const load = createLoad();
    renderWithProviders(<RealmSelect load={load} />);
    expect(screen.getByRole('textbox', { name: 'Realm' })).toHaveAttribute('placeholder', '-- Select --');
    expect(load).not.toHaveBeenCalled();
  });

  it('shows 10 items first and 10 more each time the list is scrolled to its end', async () => {
    const load = createLoad();
    renderWithProviders(<RealmSelect load={load} />);
    await userEvent.setup().click(screen.getByRole('textbox', { name: 'Realm' }));

    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10));
    expect(calls(load)).toEqual([{ search: '', offset: 0, limit: 10 }]);

    const list = screen.getByRole('listbox');
    fireEvent.scroll(list);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    expect(screen.getByRole('option', { name: 'realm-20' })).toBeInTheDocument();

    fireEvent.scroll(list);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(25));

    // Everything is loaded: scrolling again asks for nothing more.
    fireEvent.scroll(list);
    await act(async () => {});
    expect(calls(load).map((call) => call.offset)).toEqual([0, 10, 20]);
  });

  it('searches on the server and reports the chosen item', async () => {
    const load = createLoad();
    const onChange = vi.fn();
    renderWithProviders(<RealmSelect load={load} onChange={onChange} />);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Realm' });

    await user.type(input, '-2');
    await waitFor(() => expect(calls(load)).toContainEqual({ search: '-2', offset: 0, limit: 10 }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'realm-2',
        'realm-20',
        'realm-21',
        'realm-22',
        'realm-23',
        'realm-24',
        'realm-25',
      ]),
    );

    await user.click(screen.getByRole('option', { name: 'realm-21' }));
    expect(onChange).toHaveBeenCalledWith('r21');
    expect(input).toHaveValue('realm-21');
  });
});
