import { ACCOUNT_TYPES, ALL_SERVICE_TYPES } from '@app/shared';
import { DIRECTORY_ACCESS, type DirectoryService } from '@app/shared/directory/index';
import { Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { MultiSelectFilter } from '../../../ui/list/list-filters.tsx';
import { CatalogListPage } from '../components/catalog/catalog-list-page.tsx';
import { SERVICE_FIELD_LABELS, ServiceForm, serviceUpdate } from '../components/catalog/service-form.tsx';
import { DetailsGrid } from '../components/common/details-grid.tsx';
import { ArchivedNameCell } from '../components/common/rating-badge.tsx';
import { ArchivedFilter } from '../components/list/directory-filters.tsx';
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
    cell: ({ row }) => <ArchivedNameCell name={row.original.named} archived={row.original.archived} />,
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
  return (
    <CatalogListPage
      area="services"
      title="Services"
      noun="service"
      writeAccess={DIRECTORY_ACCESS.writeServicesBanks}
      listOptions={{
        listPath: SERVICES_PATH,
        filterKeys: FILTER_KEYS,
        defaultOrdering: 'service_type',
        defaultPageSize: 50,
      }}
      searchPlaceholder="Type or subtype"
      filters={(list) => (
        <>
          <MultiSelectFilter
            list={list}
            name="service_type"
            width={220}
            label="Service type"
            data={ALL_SERVICE_TYPES}
            placeholder="Any type"
          />
          <MultiSelectFilter
            list={list}
            name="default_account_type"
            width={220}
            label="Default account type"
            data={ACCOUNT_TYPES}
            placeholder="Any"
          />
          <ArchivedFilter list={list} />
        </>
      )}
      columns={COLUMNS}
      emptyText="No services found"
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
  );
}

export default ServicesPage;
