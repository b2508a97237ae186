import { Alert, Button, Group, Text } from '@mantine/core';
import { type ServerErrorOutcome, STALE_MESSAGE } from './server-errors.ts';

/** What a save could not show on a field: a stale version (with Reload) or a general refusal. */
export function FormBanner({
  outcome,
  onReload,
}: {
  outcome: ServerErrorOutcome | null;
  onReload?: () => void;
}) {
  if (!outcome) return null;
  if (outcome.kind === 'stale') {
    return (
      <Alert color="orange" title="Changed by someone else" role="alert" data-testid="stale-alert">
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm">{STALE_MESSAGE}</Text>
          {onReload ? (
            <Button size="xs" variant="filled" color="orange" onClick={onReload}>
              Reload
            </Button>
          ) : null}
        </Group>
      </Alert>
    );
  }
  if (outcome.kind === 'fields' || !outcome.message) return null;
  return (
    <Alert color="red" title="Not saved" role="alert">
      {outcome.message}
    </Alert>
  );
}
