import { Table } from '@mantine/core';

/** A small summary table's head: what the rows are, then the figures' columns, right-aligned as their numbers. */
export function FiguresHead({ label, figures }: { label: string; figures: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{label}</Table.Th>
        {figures.map((f) => (
          <Table.Th key={f} scope="col" style={{ textAlign: 'right' }}>
            {f}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
