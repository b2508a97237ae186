import { Button, Stack, Text } from '@mantine/core';

/** A chat list or history that failed to load: says which, with a way to ask again. */
export function LoadFailed({ what, onRetry, inset }: { what: string; onRetry: () => void; inset?: boolean }) {
  return (
    <Stack align="center" gap={6} role="alert" {...(inset ? { m: 'auto' } : { py: 'lg' })}>
      <Text size="sm">{what} could not be loaded.</Text>
      <Button size="xs" variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
