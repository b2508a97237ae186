import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title with the page's actions, a filter bar, then the table: the same on every directory list. */
export function ListPageLayout({
  title,
  actions,
  filters,
  filtered,
  onReset,
  children,
}: {
  title: string;
  actions?: ReactNode;
  filters?: ReactNode;
  filtered?: boolean;
  onReset?: () => void;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
      {filters ? (
        <Paper withBorder p="md" radius="md" component="section" aria-label="Filters">
          <Group align="flex-end" gap="md" wrap="wrap">
            {filters}
            {onReset ? (
              <Button variant="subtle" onClick={onReset} disabled={!filtered}>
                Clear filters
              </Button>
            ) : null}
          </Group>
        </Paper>
      ) : null}
      <Paper withBorder p="md" radius="md">
        {children}
      </Paper>
    </Stack>
  );
}
