import { Alert, Anchor, Badge, Box, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { TextInput } from '../../../ui/text-input/text-input.tsx';
import { SEARCH_GROUP_LIMIT, useGlobalSearch } from '../api/global-search.ts';
import { ClientResults, NoResults, SupplierResults } from '../components/result-lists.tsx';
import { countLabel, type SearchTab, searchHref, tabFromHash } from '../components/search-tabs.ts';

/** /search?search=text#Tab: the header search's results, one tab per area (spec 2.1 and 2.3). */
export function SearchPage() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const text = (params.get('search') ?? '').trim();
  const tab = tabFromHash(hash);
  const result = useGlobalSearch(text);
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);

  const clients = result.data?.clients ?? [];
  const suppliers = result.data?.suppliers ?? [];
  const openTab = (next: SearchTab) => void navigate(searchHref(text, next), { replace: true });
  const counted = (n: number) =>
    result.isSuccess ? (
      <Badge size="sm" variant="light" color={n > 0 ? 'blue' : 'gray'} ml={6}>
        {countLabel(n, SEARCH_GROUP_LIMIT)}
      </Badge>
    ) : null;
  const more = (n: number, path: string, what: string) =>
    n >= SEARCH_GROUP_LIMIT ? (
      <Anchor component={Link} to={`${path}?${new URLSearchParams({ search: text })}`} size="sm">
        Show every matching {what} in the list
      </Anchor>
    ) : null;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Search
      </Title>
      <search aria-label="Search everything">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            // spec 2.3: the trimmed text; empty values are dropped
            void navigate(searchHref(draft, tab));
          }}
        >
          <Group align="flex-end" gap="sm">
            <Box w={{ base: '100%', sm: 420 }}>
              <TextInput
                name="search"
                type="search"
                label="Search for"
                placeholder="Name, email, phone, supplier..."
                value={draft}
                onChange={setDraft}
              />
            </Box>
            <Button type="submit">Find</Button>
          </Group>
        </form>
      </search>

      {text === '' ? (
        <Text c="dimmed" data-testid="search-summary">
          Type a name, an email or a phone number and press Enter.
        </Text>
      ) : (
        <Group gap="xs" data-testid="search-summary">
          <Text>
            Results for “{text}” in {tab}
          </Text>
          {result.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
        </Group>
      )}

      <Tabs value={tab} onChange={(value) => value && openTab(value as SearchTab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="Requests">Requests</Tabs.Tab>
          <Tabs.Tab value="Clients">Clients{counted(clients.length)}</Tabs.Tab>
          <Tabs.Tab value="Suppliers">Suppliers{counted(suppliers.length)}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="Requests" pt="md">
          <Stack gap="sm">
            <Alert color="gray" variant="light" title="Requests are not searchable yet">
              Request search arrives with the requests area.
            </Alert>
            {result.isSuccess && clients.length + suppliers.length > 0 ? (
              <Group gap="xs">
                <Text size="sm">Found elsewhere:</Text>
                {clients.length > 0 ? (
                  <Button size="xs" variant="light" onClick={() => openTab('Clients')}>
                    {countLabel(clients.length, SEARCH_GROUP_LIMIT)}{' '}
                    {clients.length === 1 ? 'client' : 'clients'}
                  </Button>
                ) : null}
                {suppliers.length > 0 ? (
                  <Button size="xs" variant="light" onClick={() => openTab('Suppliers')}>
                    {countLabel(suppliers.length, SEARCH_GROUP_LIMIT)}{' '}
                    {suppliers.length === 1 ? 'supplier' : 'suppliers'}
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="Clients" pt="md">
          {result.isError ? <Text role="alert">The search failed. Try again.</Text> : null}
          {result.isSuccess ? (
            clients.length > 0 ? (
              <Stack gap="xs">
                <ClientResults clients={clients} />
                {more(clients.length, '/directory/clients', 'client')}
              </Stack>
            ) : (
              <NoResults what="clients" text={text} />
            )
          ) : null}
        </Tabs.Panel>

        <Tabs.Panel value="Suppliers" pt="md">
          {result.isError ? <Text role="alert">The search failed. Try again.</Text> : null}
          {result.isSuccess ? (
            suppliers.length > 0 ? (
              <Stack gap="xs">
                <SupplierResults suppliers={suppliers} />
                {more(suppliers.length, '/directory/suppliers', 'supplier')}
              </Stack>
            ) : (
              <NoResults what="suppliers" text={text} />
            )
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default SearchPage;
