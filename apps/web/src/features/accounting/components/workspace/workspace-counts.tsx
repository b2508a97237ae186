import type { Workspace } from '@app/shared/accounting/workspace.schemas';
import { Alert, Button, SimpleGrid, Stack } from '@mantine/core';
import { RatesStaleness } from './rates-staleness.tsx';
import { WorkspaceCountCard, WorkspaceCountSkeleton } from './workspace-count-card.tsx';

const GRID = { base: 1, xs: 2, md: 3, lg: 5 } as const;

/** The workspace's counts as a grid of cards, with the rates' age above them. */
export function WorkspaceCounts({
  workspace,
  error,
  onRetry,
}: {
  workspace: Workspace | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  if (!workspace) {
    if (error) {
      return (
        <Alert color="red" title="The counts could not be loaded">
          <Button variant="default" size="xs" mt="xs" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      );
    }
    return (
      <SimpleGrid cols={GRID} spacing="md" aria-busy="true" aria-label="Loading the counts">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <WorkspaceCountSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="md">
      <RatesStaleness rates={workspace.rates} />
      <SimpleGrid
        cols={GRID}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {workspace.counts.map((count) => (
          <li key={count.key}>
            <WorkspaceCountCard count={count} />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
