import { Fieldset, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of fields laid out in a responsive grid. */
export function FormSection({
  legend,
  children,
  cols = 3,
}: {
  legend: string;
  children: ReactNode;
  cols?: number;
}) {
  return (
    <Fieldset legend={legend} radius="md">
      <SimpleGrid cols={{ base: 1, sm: Math.min(2, cols), md: cols }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}
