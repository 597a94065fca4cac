import type { SortDirection } from '@federa/schemas';
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A column heading that orders the list by its field: a button (so Enter and Space work) inside a
 * header cell whose `aria-sort` tells screen readers the current order. The first press orders by
 * `firstDirection`, each further press reverses.
 */
export function SortableHeader({
  children,
  direction,
  firstDirection = 'ASC',
  onSort,
}: {
  readonly children: ReactNode;
  /** The order of the list by this column, `undefined` when it is ordered by another one. */
  readonly direction: SortDirection | undefined;
  readonly firstDirection?: SortDirection;
  readonly onSort: (direction: SortDirection) => void;
}) {
  const Icon = direction === 'ASC' ? IconArrowUp : direction === 'DESC' ? IconArrowDown : IconArrowsSort;
  const next = direction === undefined ? firstDirection : direction === 'ASC' ? 'DESC' : 'ASC';
  return (
    <Table.Th
      scope="col"
      aria-sort={direction === 'ASC' ? 'ascending' : direction === 'DESC' ? 'descending' : 'none'}
    >
      <UnstyledButton onClick={() => onSort(next)} fw="inherit" fz="inherit">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden opacity={direction ? 1 : 0.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
