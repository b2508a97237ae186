import { canAccess } from '@app/shared';
import { DIRECTORY_ACCESS } from '@app/shared/directory/index';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { exportRecords } from '../api/export-records.ts';
import { ImportWizard } from '../components/import/import-wizard.tsx';
import { DataTable } from '../components/list/data-table.tsx';
import { ExportMenu } from '../components/list/export-menu.tsx';
import classes from '../components/list/list-page.module.css';
import { ListPageLayout } from '../components/list/list-page-layout.tsx';
import { toExportQuery } from '../components/list/list-params.ts';
import { listTableProps } from '../components/list/list-table-props.ts';
import { useDirectoryList } from '../components/list/use-directory-list.ts';
import { SUPPLIER_COLUMNS } from '../components/suppliers/supplier-columns.tsx';
import { SUPPLIER_FILTER_KEYS, SupplierFilters } from '../components/suppliers/supplier-filters.tsx';

import { SUPPLIERS_PATH } from './paths.ts';

export function SuppliersPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const directory = useDirectoryList('suppliers', {
    listPath: SUPPLIERS_PATH,
    filterKeys: SUPPLIER_FILTER_KEYS,
    defaultOrdering: 'name',
  });
  const { list } = directory;
  const canWrite = canAccess(user, DIRECTORY_ACCESS.writeClientsSuppliers);

  return (
    <ListPageLayout
      title="Suppliers"
      actions={
        <>
          {canWrite ? (
            <Button variant="default" onClick={() => setImporting(true)}>
              Import
            </Button>
          ) : null}
          <ExportMenu onExport={(format) => exportRecords('suppliers', format, toExportQuery(list.state))} />
          {canWrite ? (
            <Button component={Link} to={`${SUPPLIERS_PATH}/new`}>
              New supplier
            </Button>
          ) : null}
        </>
      }
      filters={<SupplierFilters list={list} />}
      filtered={list.filtered}
      onReset={list.reset}
    >
      <DataTable
        label="Suppliers"
        columns={SUPPLIER_COLUMNS}
        getRowId={(s) => String(s.id)}
        emptyText="No suppliers found"
        onRowClick={(s) => navigate(`${SUPPLIERS_PATH}/${s.id}`)}
        rowProps={(s) => ({ className: s.archived ? classes.archived : undefined })}
        {...listTableProps(directory)}
      />
      {importing ? <ImportWizard area="clients" opened onClose={() => setImporting(false)} /> : null}
    </ListPageLayout>
  );
}

export default SuppliersPage;
