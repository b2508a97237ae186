import { Anchor, Badge, Box, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { TextInput } from '../../../ui/text-input/text-input.tsx';
import { SEARCH_GROUP_LIMIT, useGlobalSearch } from '../api/global-search.ts';
import { ClientResults, NoResults, RequestResults, SupplierResults } from '../components/result-lists.tsx';
import { countLabel, type SearchTab, searchHref, tabFromHash } from '../components/search-tabs.ts';

/** A "Found elsewhere" button: how many of one kind the other tab holds. */
function FoundElsewhere({ count, noun, onClick }: { count: number; noun: string; onClick: () => void }) {
  if (count === 0) return null;
  return (
    <Button size="xs" variant="light" onClick={onClick}>
      {countLabel(count, SEARCH_GROUP_LIMIT)} {count === 1 ? noun : `${noun}s`}
    </Button>
  );
}

/**
 * One area's tab: its results, with a link to the full list when the search returned as many as
 * it shows at most, or what to try when nothing matched.
 */
function AreaResultsPanel({
  tab,
  noun,
  listPath,
  text,
  count,
  failed,
  loaded,
  hint,
  whenNone,
  children,
}: {
  tab: SearchTab;
  noun: string;
  listPath: string;
  text: string;
  count: number;
  failed: boolean;
  loaded: boolean;
  /** What to try when nothing matched. */
  hint?: string;
  /** Shown under "nothing matched" (where else the text was found). */
  whenNone?: ReactNode;
  /** The found records. */
  children: ReactNode;
}) {
  return (
    <Tabs.Panel value={tab} pt="md">
      {failed ? <Text role="alert">The search failed. Try again.</Text> : null}
      {loaded ? (
        count > 0 ? (
          <Stack gap="xs">
            {children}
            {count >= SEARCH_GROUP_LIMIT ? (
              <Anchor component={Link} to={`${listPath}?${new URLSearchParams({ search: text })}`} size="sm">
                Show every matching {noun} in the list
              </Anchor>
            ) : null}
          </Stack>
        ) : (
          <Stack gap="xs">
            <NoResults what={`${noun}s`} text={text} hint={hint} />
            {whenNone}
          </Stack>
        )
      ) : null}
    </Tabs.Panel>
  );
}

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

  const requests = result.data?.requests ?? [];
  const clients = result.data?.clients ?? [];
  const suppliers = result.data?.suppliers ?? [];
  const openTab = (next: SearchTab) => void navigate(searchHref(text, next), { replace: true });
  const counted = (n: number) =>
    result.isSuccess ? (
      <Badge size="sm" variant="light" color={n > 0 ? 'blue' : 'gray'} ml={6}>
        {countLabel(n, SEARCH_GROUP_LIMIT)}
      </Badge>
    ) : null;
  const panel = { text, failed: result.isError, loaded: result.isSuccess };

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
                placeholder="Request number, client, supplier, hotel..."
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
          Type a request number, a name, an email or a phone number and press Enter.
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
          <Tabs.Tab value="Requests">Requests{counted(requests.length)}</Tabs.Tab>
          <Tabs.Tab value="Clients">Clients{counted(clients.length)}</Tabs.Tab>
          <Tabs.Tab value="Suppliers">Suppliers{counted(suppliers.length)}</Tabs.Tab>
        </Tabs.List>

        <AreaResultsPanel
          {...panel}
          tab="Requests"
          noun="request"
          listPath="/requests"
          count={requests.length}
          hint="Try a request number (BSLF-2026-00042), a client, a supplier, a hotel or words of the description."
          whenNone={
            clients.length + suppliers.length > 0 ? (
              <Group gap="xs" justify="center">
                <Text size="sm">Found elsewhere:</Text>
                <FoundElsewhere count={clients.length} noun="client" onClick={() => openTab('Clients')} />
                <FoundElsewhere
                  count={suppliers.length}
                  noun="supplier"
                  onClick={() => openTab('Suppliers')}
                />
              </Group>
            ) : null
          }
        >
          <RequestResults requests={requests} />
        </AreaResultsPanel>

        <AreaResultsPanel
          {...panel}
          tab="Clients"
          noun="client"
          listPath="/directory/clients"
          count={clients.length}
        >
          <ClientResults clients={clients} />
        </AreaResultsPanel>

        <AreaResultsPanel
          {...panel}
          tab="Suppliers"
          noun="supplier"
          listPath="/directory/suppliers"
          count={suppliers.length}
        >
          <SupplierResults suppliers={suppliers} />
        </AreaResultsPanel>
      </Tabs>
    </Stack>
  );
}

export default SearchPage;
