import { canAccess } from '@app/shared';
import { DIRECTORY_ACCESS } from '@app/shared/directory/index';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { exportRecords } from '../api/export-records.ts';
import { CLIENT_COLUMNS } from '../components/clients/client-columns.tsx';
import { CLIENT_FILTER_KEYS, ClientFilters } from '../components/clients/client-filters.tsx';
import { ImportWizard } from '../components/import/import-wizard.tsx';
import { DataTable } from '../components/list/data-table.tsx';
import { ExportMenu } from '../components/list/export-menu.tsx';
import classes from '../components/list/list-page.module.css';
import { ListPageLayout } from '../components/list/list-page-layout.tsx';
import { toExportQuery } from '../components/list/list-params.ts';
import { listTableProps } from '../components/list/list-table-props.ts';
import { useDirectoryList } from '../components/list/use-directory-list.ts';

import { CLIENTS_PATH } from './paths.ts';

export function ClientsPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const directory = useDirectoryList('clients', {
    listPath: CLIENTS_PATH,
    filterKeys: CLIENT_FILTER_KEYS,
    defaultOrdering: 'name',
  });
  const { list } = directory;
  const canWrite = canAccess(user, DIRECTORY_ACCESS.writeClientsSuppliers);

  return (
    <ListPageLayout
      title="Clients"
      actions={
        <>
          {canWrite ? (
            <Button variant="default" onClick={() => setImporting(true)}>
              Import
            </Button>
          ) : null}
          <ExportMenu onExport={(format) => exportRecords('clients', format, toExportQuery(list.state))} />
          {canWrite ? (
            <Button component={Link} to={`${CLIENTS_PATH}/new`}>
              New client
            </Button>
          ) : null}
        </>
      }
      filters={<ClientFilters list={list} />}
      filtered={list.filtered}
      onReset={list.reset}
    >
      <DataTable
        label="Clients"
        columns={CLIENT_COLUMNS}
        getRowId={(c) => String(c.id)}
        emptyText="No clients found"
        onRowClick={(c) => navigate(`${CLIENTS_PATH}/${c.id}`)}
        rowProps={(c) => ({
          className: c.blacklisted ? classes.blacklisted : c.archived ? classes.archived : undefined,
          'data-blacklisted': c.blacklisted ? 'true' : undefined,
        })}
        {...listTableProps(directory)}
      />
      {importing ? <ImportWizard area="clients" opened onClose={() => setImporting(false)} /> : null}
    </ListPageLayout>
  );
}

export default ClientsPage;
