import { canAccess } from '@app/shared';
import { DIRECTORY_ACCESS, type ImportArea } from '@app/shared/directory/index';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSignedInUser } from '../../../../lib/session/current-user.ts';
import { ImportWizard } from '../import/import-wizard.tsx';
import { DirectoryListPage, type DirectoryListPageProps } from './directory-list-page.tsx';

/**
 * Clients and suppliers: each row opens the record's own page, New opens the form page, and
 * those who may write can import a file.
 */
export function ImportableListPage<A extends ImportArea>({
  noun,
  ...list
}: Omit<DirectoryListPageProps<A>, 'actions' | 'leadingActions' | 'onRowClick' | 'children'> & {
  noun: string;
}) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const canWrite = canAccess(user, DIRECTORY_ACCESS.writeClientsSuppliers);
  const path = list.listOptions.listPath;

  return (
    <DirectoryListPage
      {...list}
      leadingActions={
        canWrite ? (
          <Button variant="default" onClick={() => setImporting(true)}>
            Import
          </Button>
        ) : null
      }
      actions={
        canWrite ? (
          <Button component={Link} to={`${path}/new`}>
            {`New ${noun}`}
          </Button>
        ) : null
      }
      onRowClick={(row) => navigate(`${path}/${row.id}`)}
    >
      {importing ? <ImportWizard area={list.area} opened onClose={() => setImporting(false)} /> : null}
    </DirectoryListPage>
  );
}
