import { type Access, canAccess } from '@app/shared';
import { DIRECTORY_ACCESS } from '@app/shared/directory/index';
import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { formatTotal } from '../../../lib/format/format-total.ts';
import { useNavigationHelper } from '../../../lib/navigation/use-navigation-helper.ts';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import type { DirectoryArea } from '../api/directory-areas.ts';
import { useRecordList } from '../api/list-records.ts';
import classes from './directory-page.module.css';
import {
  BANKS_PATH,
  CLIENTS_PATH,
  COMPANIES_PATH,
  MANAGERS_PATH,
  SERVICES_PATH,
  SUPPLIERS_PATH,
} from './paths.ts';

interface AreaCard {
  area: DirectoryArea;
  path: string;
  title: string;
  description: string;
  access: Access;
}

const AREAS: AreaCard[] = [
  {
    area: 'clients',
    path: CLIENTS_PATH,
    title: 'Clients',
    description: 'Members, their plans, ratings and FO managers',
    access: DIRECTORY_ACCESS.read,
  },
  {
    area: 'suppliers',
    path: SUPPLIERS_PATH,
    title: 'Suppliers',
    description: 'Hotels, transfers, jets, yachts, visa agents',
    access: DIRECTORY_ACCESS.read,
  },
  {
    area: 'managers',
    path: MANAGERS_PATH,
    title: 'Managers',
    description: 'Front and back office staff by office',
    access: DIRECTORY_ACCESS.managers,
  },
  {
    area: 'services',
    path: SERVICES_PATH,
    title: 'Services',
    description: 'Service types and their default account types',
    access: DIRECTORY_ACCESS.read,
  },
  {
    area: 'banks',
    path: BANKS_PATH,
    title: 'Banks',
    description: 'Company bank accounts for income and outcome',
    access: DIRECTORY_ACCESS.read,
  },
  {
    area: 'companies',
    path: COMPANIES_PATH,
    title: 'Companies',
    description: 'The legal entities: BSLF, TPRO, AIRS',
    access: DIRECTORY_ACCESS.read,
  },
];

// one row is enough to read the total
const COUNT_QUERY = { limit: 1, offset: 0 };

function Count({ area }: { area: DirectoryArea }) {
  const result = useRecordList(area, COUNT_QUERY);
  if (result.isPending) return <Loader size="xs" aria-label="Counting" />;
  if (result.isError) return null;
  return (
    <Text fz={26} fw={700} lh={1}>
      {formatTotal(result.data.meta.total, result.data.meta.total_estimated)}
    </Text>
  );
}

/** /directory: every area with how many records it holds, opening each list with its saved filters. */
export function DirectoryPage() {
  const user = useSignedInUser();
  const helper = useNavigationHelper();
  const canWrite = canAccess(user, DIRECTORY_ACCESS.writeClientsSuppliers);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Directory
        </Title>
        {canWrite ? (
          <Group gap="sm">
            <Button component={Link} to={`${SUPPLIERS_PATH}/new`} variant="default">
              New supplier
            </Button>
            <Button component={Link} to={`${CLIENTS_PATH}/new`}>
              New client
            </Button>
          </Group>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {AREAS.filter((a) => canAccess(user, a.access)).map((a) => (
          <UnstyledButton key={a.area} component={Link} to={helper.listUrl(a.path)} className={classes.card}>
            <Paper withBorder p="md" radius="md" h="100%">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4}>
                  <Text fw={600}>{a.title}</Text>
                  <Text size="sm" c="dimmed">
                    {a.description}
                  </Text>
                </Stack>
                <Count area={a.area} />
              </Group>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default DirectoryPage;
