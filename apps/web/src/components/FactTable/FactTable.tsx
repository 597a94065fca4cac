import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label and value rows of one record: a vertical table that stays readable on narrow screens. */
export function FactTable({
  label,
  rows,
}: {
  /** Accessible name of the table. */
  readonly label: string;
  readonly rows: readonly (readonly [string, ReactNode])[];
}) {
  return (
    <Table aria-label={label} maw={720} variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w={{ base: 120, sm: 220 }}>{name}</Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
