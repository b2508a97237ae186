import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { isHttpError } from '../../../../lib/http/http-error.ts';
import { useNavigationHelper } from '../../../../lib/navigation/use-navigation-helper.ts';
import { REQUESTS_PATH } from './requests-path.ts';

/** Loading, not found, forbidden and failed states of the request's page. */
export function RequestState({
  error,
  notFound: forced = false,
  onRetry,
}: {
  error: unknown;
  notFound?: boolean;
  onRetry: () => void;
}) {
  const helper = useNavigationHelper();
  if (!error && !forced)
    return (
      <Center py="xl" aria-busy="true">
        <Loader aria-label="Loading the request" />
      </Center>
    );
  const status = isHttpError(error) ? error.status : null;
  const notFound = forced || status === 404;
  const forbidden = status === 403;
  const [title, text] = notFound
    ? ['This request does not exist', 'It may have been deleted, or the address is wrong.']
    : forbidden
      ? ['You cannot open this request', 'Your role does not give access to it. Ask an Admin if you need it.']
      : ['The request could not be loaded', 'Check the connection and try again.'];
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Group gap="xs">
          {notFound || forbidden ? null : <Button onClick={onRetry}>Try again</Button>}
          <Button variant="default" onClick={() => helper.backToList(REQUESTS_PATH)}>
            Back to the requests
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
