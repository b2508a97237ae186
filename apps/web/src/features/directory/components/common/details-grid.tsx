import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './details-grid.module.css';

export interface Detail {
  label: string;
  value: ReactNode;
  /** Spans the whole row (notes, addresses). */
  wide?: boolean;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/** A read-only record as label/value pairs (a description list), empty values shown as a dash. */
export function DetailsGrid({ items, cols = 3 }: { items: Detail[]; cols?: number }) {
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: 2, md: cols }}
      spacing="md"
      verticalSpacing="sm"
      className={classes.list}
    >
      {items.map((item) => (
        <div key={item.label} className={item.wide ? classes.wide : undefined}>
          <Text component="dt" size="xs" c="dimmed" fw={500} tt="uppercase">
            {item.label}
          </Text>
          <Text component="dd" className={classes.value}>
            {isEmpty(item.value) ? '—' : item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
