import { RATE_CURRENCIES } from '@app/shared';
import { type Company, DIRECTORY_ACCESS } from '@app/shared/directory/index';
import type { ColumnDef } from '@tanstack/react-table';
import { MultiSelectFilter } from '../../../ui/list/list-filters.tsx';
import { CatalogListPage } from '../components/catalog/catalog-list-page.tsx';
import {
  CompanyForm,
  companyUpdate,
  COMPANY_FIELD_LABELS as L,
} from '../components/catalog/company-form.tsx';
import { DetailsGrid } from '../components/common/details-grid.tsx';
import { ArchivedNameCell } from '../components/common/rating-badge.tsx';
import { ArchivedFilter } from '../components/list/directory-filters.tsx';
import { COMPANIES_PATH } from './paths.ts';

const COLUMNS: ColumnDef<Company, unknown>[] = [
  {
    id: 'code',
    header: 'Code',
    enableSorting: true,
    cell: ({ row }) => (
      <ArchivedNameCell name={row.original.code} archived={row.original.archived} weight={600} />
    ),
  },
  { id: 'name', header: 'Legal name', enableSorting: true, cell: ({ row }) => row.original.name },
  { id: 'vat_number', header: 'VAT number', cell: ({ row }) => row.original.vat_number ?? '' },
  { id: 'base_currency', header: 'Base currency', cell: ({ row }) => row.original.base_currency },
  { id: 'invoice_prefix', header: 'Invoice prefix', cell: ({ row }) => row.original.invoice_prefix ?? '' },
];

const FILTER_KEYS = ['base_currency', 'archived'] as const;

/** The group's legal entities; only holders of CAN_EDIT_COMPANIES change them. */
export function CompaniesPage() {
  return (
    <CatalogListPage
      area="companies"
      title="Companies"
      noun="company"
      writeAccess={DIRECTORY_ACCESS.writeCompanies}
      listOptions={{ listPath: COMPANIES_PATH, filterKeys: FILTER_KEYS, defaultOrdering: 'code' }}
      searchPlaceholder="Code, name, VAT number"
      filters={(list) => (
        <>
          <MultiSelectFilter
            list={list}
            name="base_currency"
            width={180}
            label="Base currency"
            data={RATE_CURRENCIES}
            placeholder="Any"
          />
          <ArchivedFilter list={list} />
        </>
      )}
      columns={COLUMNS}
      emptyText="No companies found"
      nameOf={(c) => `${c.code}: ${c.name}`}
      fieldLabels={L}
      toUpdate={companyUpdate}
      renderForm={(props) => <CompanyForm {...props} />}
      renderDetails={(c) => (
        <DetailsGrid
          cols={2}
          items={[
            { label: L.code, value: c.code },
            { label: L.name, value: c.name },
            { label: L.vat_number, value: c.vat_number },
            { label: L.registration_number, value: c.registration_number },
            { label: L.base_currency, value: c.base_currency },
            { label: L.invoice_prefix, value: c.invoice_prefix },
            { label: L.address, value: c.address, wide: true },
          ]}
        />
      )}
    />
  );
}

export default CompaniesPage;
