import { BANK_TYPES, RATE_CURRENCIES } from '@app/shared';
import { type Bank, DIRECTORY_ACCESS } from '@app/shared/directory/index';
import { Badge, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { formatMoney } from '../../../lib/format/format-money.ts';
import { MultiSelectFilter, PickerFilter } from '../../../ui/list/list-filters.tsx';
import { BankForm, bankUpdate, BANK_FIELD_LABELS as L } from '../components/catalog/bank-form.tsx';
import { CatalogListPage } from '../components/catalog/catalog-list-page.tsx';
import { DetailsGrid } from '../components/common/details-grid.tsx';
import { ArchivedBadge } from '../components/common/rating-badge.tsx';
import { ArchivedFilter } from '../components/list/directory-filters.tsx';
import { BANKS_PATH } from './paths.ts';

const COLUMNS: ColumnDef<Bank, unknown>[] = [
  {
    id: 'name',
    header: 'Bank',
    enableSorting: true,
    cell: ({ row }) => (
      <Group gap={6} wrap="nowrap">
        <div>
          <Text fw={500} size="sm">
            {row.original.bank_name}
          </Text>
          {row.original.account_name ? (
            <Text size="xs" c="dimmed">
              {row.original.account_name}
            </Text>
          ) : null}
        </div>
        <ArchivedBadge archived={row.original.archived} />
      </Group>
    ),
  },
  { id: 'company', header: 'Company', enableSorting: true, cell: ({ row }) => row.original.company.code },
  {
    id: 'account_number',
    header: 'Account number',
    cell: ({ row }) => (
      <Text size="sm" ff="monospace">
        {row.original.account_number}
      </Text>
    ),
  },
  { id: 'currency', header: 'Currency', enableSorting: true, cell: ({ row }) => row.original.currency },
  {
    id: 'type',
    header: 'Type',
    enableSorting: true,
    cell: ({ row }) => (
      <Badge
        variant="light"
        radius="sm"
        tt="none"
        color={row.original.type === 'Income' ? 'green' : 'orange'}
      >
        {row.original.type}
      </Badge>
    ),
  },
  {
    id: 'opening_balance',
    header: 'Opening balance',
    meta: { align: 'right' },
    cell: ({ row }) => (
      <Text size="sm" ff="monospace">
        {formatMoney(row.original.opening_balance, row.original.currency)}
      </Text>
    ),
  },
];

const FILTER_KEYS = ['company', 'currency', 'type', 'archived'] as const;

/** The company's bank accounts, each Income or Outcome, in one currency. */
export function BanksPage() {
  return (
    <CatalogListPage
      area="banks"
      title="Banks"
      noun="bank account"
      writeAccess={DIRECTORY_ACCESS.writeServicesBanks}
      listOptions={{ listPath: BANKS_PATH, filterKeys: FILTER_KEYS, defaultOrdering: 'name' }}
      searchPlaceholder="Bank, account, SWIFT"
      // four filters after the search: a narrower search and company keep them and Clear filters on
      // one line at 1280 px (currency and type keep room for two chosen values side by side)
      searchWidth={200}
      filters={(list) => (
        <>
          <PickerFilter
            list={list}
            name="company"
            width={160}
            label="Company"
            object="companies"
            displayField="named"
            placeholder="Any company"
          />
          <MultiSelectFilter
            list={list}
            name="currency"
            width={160}
            label="Currency"
            data={RATE_CURRENCIES}
            placeholder="Any"
          />
          <MultiSelectFilter
            list={list}
            name="type"
            width={160}
            label="Type"
            data={BANK_TYPES}
            placeholder="Any"
          />
          <ArchivedFilter list={list} />
        </>
      )}
      columns={COLUMNS}
      emptyText="No bank accounts found"
      nameOf={(b) => b.named}
      fieldLabels={L}
      toUpdate={bankUpdate}
      renderForm={(props) => <BankForm {...props} />}
      renderDetails={(b) => (
        <DetailsGrid
          cols={2}
          items={[
            { label: L.company, value: `${b.company.code} (${b.company.name})` },
            { label: L.bank_name, value: b.bank_name },
            { label: L.account_name, value: b.account_name },
            { label: L.account_number, value: b.account_number },
            { label: L.swift, value: b.swift },
            { label: L.currency, value: b.currency },
            { label: L.type, value: b.type },
            { label: L.opening_balance, value: formatMoney(b.opening_balance, b.currency) },
            { label: L.notes, value: b.notes, wide: true },
          ]}
        />
      )}
    />
  );
}

export default BanksPage;
