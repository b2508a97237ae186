import { archivedRowProps } from '../components/list/directory-list-page.tsx';
import { ImportableListPage } from '../components/list/importable-list-page.tsx';
import { SUPPLIER_COLUMNS } from '../components/suppliers/supplier-columns.tsx';
import { SUPPLIER_FILTER_KEYS, SupplierFilters } from '../components/suppliers/supplier-filters.tsx';
import { SUPPLIERS_PATH } from './paths.ts';

export function SuppliersPage() {
  return (
    <ImportableListPage
      area="suppliers"
      title="Suppliers"
      noun="supplier"
      listOptions={{ listPath: SUPPLIERS_PATH, filterKeys: SUPPLIER_FILTER_KEYS, defaultOrdering: 'name' }}
      searchPlaceholder="Name, contact, email, city"
      searchWidth={260}
      filters={(list) => <SupplierFilters list={list} />}
      columns={SUPPLIER_COLUMNS}
      emptyText="No suppliers found"
      rowProps={archivedRowProps}
    />
  );
}

export default SuppliersPage;
