import { Alert, Button, Group, Text } from '@mantine/core';

/** A save answered 409: someone else saved first. Says so plainly and offers Reload (nothing is overwritten). */
export function StaleAlert({ message, onReload }: { message: string; onReload?: (() => void) | undefined }) {
  return (
    <Alert color="orange" title="Changed by someone else" role="alert" data-testid="stale-alert">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{message}</Text>
        {onReload ? (
          <Button size="xs" color="orange" onClick={onReload}>
            Reload
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
