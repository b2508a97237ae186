import { Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router';

/** /search?search=...#Requests: the results screen comes with the search feature. */
export function SearchPage() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const text = params.get('search');
  const tab = decodeURIComponent(hash.replace(/^#/, '')) || 'Requests';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Search
      </Title>
      <Text data-testid="search-summary">
        {text ? `Results for “${text}” in ${tab}` : `No search text given (${tab})`}
      </Text>
      <Paper withBorder p="xl" radius="md">
        <Text fw={600}>Coming soon</Text>
        <Text c="dimmed" mt={4}>
          Search results will be available in a later release.
        </Text>
      </Paper>
    </Stack>
  );
}

export default SearchPage;
