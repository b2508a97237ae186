import { ACCOUNT_TYPES, ALL_SERVICE_TYPES, canAccess } from '@app/shared';
import { DIRECTORY_ACCESS, type DirectoryService } from '@app/shared/directory/index';
import { Badge, Box, Button, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { Select } from '../../../ui/select/select.tsx';
import { exportRecords } from '../api/export-records.ts';
import { CatalogDrawer } from '../components/catalog/catalog-drawer.tsx';
import { SERVICE_FIELD_LABELS, ServiceForm, serviceUpdate } from '../components/catalog/service-form.tsx';
import { DetailsGrid } from '../components/common/details-grid.tsx';
import { ArchivedBadge } from '../components/common/rating-badge.tsx';
import { DataTable } from '../components/list/data-table.tsx';
import { ExportMenu } from '../components/list/export-menu.tsx';
import { ARCHIVED_OPTIONS, multiFilter, singleFilter } from '../components/list/filter-bindings.ts';
import classes from '../components/list/list-page.module.css';
import { ListPageLayout } from '../components/list/list-page-layout.tsx';
import { toExportQuery } from '../components/list/list-params.ts';
import { ListSearchInput } from '../components/list/list-search-input.tsx';
import { listTableProps } from '../components/list/list-table-props.ts';
import { useDirectoryList } from '../components/list/use-directory-list.ts';
import { SERVICES_PATH } from './paths.ts';

const ACCOUNT_COLORS: Record<string, string> = {
  'Toms EU': 'blue',
  'Toms non EU': 'grape',
  Disbursement: 'gray',
};

const COLUMNS: ColumnDef<DirectoryService, unknown>[] = [
  {
    id: 'name',
    header: 'Service',
    enableSorting: true,
    cell: ({ row }) => (
      <Group gap={6} wrap="nowrap">
        <Text fw={500} size="sm">
          {row.original.named}
        </Text>
        <ArchivedBadge archived={row.original.archived} />
      </Group>
    ),
  },
  {
    id: 'service_type',
    header: 'Service type',
    enableSorting: true,
    cell: ({ row }) => row.original.service_type,
  },
  { id: 'subtype', header: 'Subtype', cell: ({ row }) => row.original.subtype ?? '' },
  {
    id: 'default_account_type',
    header: 'Default account type',
    enableSorting: true,
    cell: ({ row }) => (
      <Badge
        variant="light"
        radius="sm"
        tt="none"
        color={ACCOUNT_COLORS[row.original.default_account_type] ?? 'gray'}
      >
        {row.original.default_account_type}
      </Badge>
    ),
  },
];

const FILTER_KEYS = ['service_type', 'default_account_type', 'archived'] as const;

/** The services catalogue: each service type and subtype with the account type its lines start with. */
export function ServicesPage() {
  const user = useSignedInUser();
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const directory = useDirectoryList('services', {
    listPath: SERVICES_PATH,
    filterKeys: FILTER_KEYS,
    defaultOrdering: 'service_type',
    defaultPageSize: 50,
  });
  const { list } = directory;
  const canWrite = canAccess(user, DIRECTORY_ACCESS.writeServicesBanks);

  return (
    <ListPageLayout
      title="Services"
      actions={
        <>
          <ExportMenu onExport={(format) => exportRecords('services', format, toExportQuery(list.state))} />
          {canWrite ? <Button onClick={() => setOpen('new')}>New service</Button> : null}
        </>
      }
      filters={
        <>
          <Box w={{ base: '100%', sm: 240 }}>
            <ListSearchInput
              value={list.state.search}
              onChange={list.setSearch}
              placeholder="Type or subtype"
            />
          </Box>
          <Box w={{ base: '100%', sm: 220 }}>
            <Select
              multiple
              label="Service type"
              data={ALL_SERVICE_TYPES}
              placeholder="Any type"
              {...multiFilter(list, 'service_type')}
            />
          </Box>
          <Box w={{ base: '100%', sm: 220 }}>
            <Select
              multiple
              label="Default account type"
              data={ACCOUNT_TYPES}
              placeholder="Any"
              {...multiFilter(list, 'default_account_type')}
            />
          </Box>
          <Box w={{ base: '100%', sm: 200 }}>
            <Select
              label="Archived"
              data={ARCHIVED_OPTIONS}
              placeholder="Hide archived"
              {...singleFilter(list, 'archived')}
            />
          </Box>
        </>
      }
      filtered={list.filtered}
      onReset={list.reset}
    >
      <DataTable
        label="Services"
        columns={COLUMNS}
        getRowId={(s) => String(s.id)}
        emptyText="No services found"
        onRowClick={(s) => setOpen(s.id)}
        rowProps={(s) => ({ className: s.archived ? classes.archived : undefined })}
        {...listTableProps(directory)}
      />
      <CatalogDrawer
        area="services"
        open={open}
        onClose={() => setOpen(null)}
        noun="service"
        canWrite={canWrite}
        nameOf={(s) => s.named}
        fieldLabels={SERVICE_FIELD_LABELS}
        toUpdate={serviceUpdate}
        renderForm={(props) => <ServiceForm {...props} />}
        renderDetails={(s) => (
          <DetailsGrid
            cols={2}
            items={[
              { label: SERVICE_FIELD_LABELS.service_type, value: s.service_type },
              { label: SERVICE_FIELD_LABELS.subtype, value: s.subtype },
              { label: SERVICE_FIELD_LABELS.default_account_type, value: s.default_account_type },
            ]}
          />
        )}
      />
    </ListPageLayout>
  );
}

export default ServicesPage;
