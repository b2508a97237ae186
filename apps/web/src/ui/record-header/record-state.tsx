import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { isHttpError } from '../../lib/http/http-error.ts';
import { useNavigationHelper } from '../../lib/navigation/use-navigation-helper.ts';

/**
 * Loading, not found, forbidden and failed states of a record page. A 403 has its own words only
 * when `forbiddenText` is given; otherwise it reads as a failed load.
 */
export function RecordState({
  error,
  notFound: forced = false,
  onRetry,
  noun,
  listPath,
  listLabel = 'Back to the list',
  notFoundText = 'It may have been removed, or the address is wrong.',
  forbiddenText,
}: {
  error: unknown;
  /** The address cannot name a record (a bad id). */
  notFound?: boolean;
  onRetry: () => void;
  /** `invoice`: "Loading the invoice", "This invoice does not exist". */
  noun: string;
  listPath: string;
  listLabel?: string;
  notFoundText?: string;
  /** Who may open such a record, said on a 403. */
  forbiddenText?: string;
}) {
  const helper = useNavigationHelper();
  if (!error && !forced)
    return (
      <Center py="xl" aria-busy="true">
        <Loader aria-label={`Loading the ${noun}`} />
      </Center>
    );
  const status = isHttpError(error) ? error.status : null;
  const notFound = forced || status === 404;
  const forbidden = !notFound && status === 403 && forbiddenText !== undefined;
  const [title, text] = notFound
    ? [`This ${noun} does not exist`, notFoundText]
    : forbidden
      ? [`You cannot open this ${noun}`, forbiddenText]
      : [`The ${noun} could not be loaded`, 'Check the connection and try again.'];
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Group gap="xs">
          {notFound || forbidden ? null : <Button onClick={onRetry}>Try again</Button>}
          <Button variant="default" onClick={() => helper.backToList(listPath)}>
            {listLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
