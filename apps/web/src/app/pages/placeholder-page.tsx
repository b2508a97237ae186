import { Paper, Stack, Text, Title } from '@mantine/core';
import { useAppRoute } from '../routes/use-app-route.ts';

/** Routes whose content comes in later issues: titled, and saying so. */
export function PlaceholderPage() {
  const route = useAppRoute();
  const title = route?.title ?? 'Page';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="xl" radius="md">
        <Text fw={600}>Coming soon</Text>
        <Text c="dimmed" mt={4}>
          This page is being built and will be available in a later release.
        </Text>
      </Paper>
    </Stack>
  );
}

export default PlaceholderPage;
