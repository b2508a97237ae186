import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Icon } from '../icons.tsx';

/** A direct visit to a route the role may not see (spec 6). */
export function NoAccessPage({ title }: { title?: string | undefined }) {
  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        No access
      </Title>
      <Paper withBorder p="xl" radius="md">
        <Stack gap="sm" align="flex-start">
          <Icon name="lock" size={28} />
          <Text>
            {title
              ? `Your role does not give access to ${title}.`
              : 'Your role does not give access to this page.'}
          </Text>
          <Button component={Link} to="/">
            Go to the start page
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
