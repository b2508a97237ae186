import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { isHttpError } from '../../../../lib/http/http-error.ts';
import { useNavigationHelper } from '../../../../lib/navigation/use-navigation-helper.ts';

/** Loading, not found and failed states of a record page. */
export function RecordState({
  error,
  noun,
  listPath,
  onRetry,
  notFound: forcedNotFound = false,
}: {
  error: unknown;
  /** The address cannot name a record (a bad id). */
  notFound?: boolean;
  noun: string;
  listPath: string;
  onRetry: () => void;
}) {
  const helper = useNavigationHelper();
  if (!error && !forcedNotFound) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader aria-label={`Loading the ${noun}`} />
      </Center>
    );
  }
  const notFound = forcedNotFound || (isHttpError(error) && error.status === 404);
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          {notFound ? `This ${noun} does not exist` : `The ${noun} could not be loaded`}
        </Title>
        <Text c="dimmed">
          {notFound
            ? 'It may have been removed, or the address is wrong.'
            : 'Check the connection and try again.'}
        </Text>
        <Stack gap="xs" style={{ flexDirection: 'row' }}>
          {notFound ? null : <Button onClick={onRetry}>Try again</Button>}
          <Button variant="default" onClick={() => helper.backToList(listPath)}>
            Back to the list
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
