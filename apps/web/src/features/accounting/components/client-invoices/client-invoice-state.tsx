import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { isHttpError } from '../../../../lib/http/http-error.ts';
import { useNavigationHelper } from '../../../../lib/navigation/use-navigation-helper.ts';
import { CLIENT_INVOICES_PATH } from './client-invoices-filters.ts';

/** Loading, not found, forbidden and failed states of an invoice's page. */
export function ClientInvoiceState({
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
        <Loader aria-label="Loading the invoice" />
      </Center>
    );
  const status = isHttpError(error) ? error.status : null;
  const notFound = forced || status === 404;
  const forbidden = status === 403;
  const [title, text] = notFound
    ? ['This invoice does not exist', 'The address may be wrong.']
    : forbidden
      ? ['You cannot open this invoice', 'Only Admins and Accountants see invoices.']
      : ['The invoice could not be loaded', 'Check the connection and try again.'];
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Group gap="xs">
          {notFound || forbidden ? null : <Button onClick={onRetry}>Try again</Button>}
          <Button variant="default" onClick={() => helper.backToList(CLIENT_INVOICES_PATH)}>
            Back to the invoices
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
