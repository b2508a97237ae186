import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';

/** Below this width the filters fold behind a button, so the rows stay on a phone's first screen. */
export const PHONE_QUERY = '(max-width: 48em)';

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
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterPanel = filters ? (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Filters" id="list-filters">
      <Group align="flex-end" gap="md" wrap="wrap">
        {filters}
        {onReset ? (
          <Button variant="subtle" onClick={onReset} disabled={!filtered}>
            Clear filters
          </Button>
        ) : null}
      </Group>
    </Paper>
  ) : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
      {filterPanel && phone ? (
        <>
          <Button
            variant="default"
            aria-expanded={filtersOpen}
            aria-controls="list-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {filtered ? 'Search and filters (on)' : 'Search and filters'}
          </Button>
          {filtersOpen ? filterPanel : null}
        </>
      ) : (
        filterPanel
      )}
      <Paper withBorder p="md" radius="md">
        {children}
      </Paper>
    </Stack>
  );
}
