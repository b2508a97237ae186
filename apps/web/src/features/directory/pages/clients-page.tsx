import { CLIENT_COLUMNS } from '../components/clients/client-columns.tsx';
import { CLIENT_FILTER_KEYS, ClientFilters } from '../components/clients/client-filters.tsx';
import { ImportableListPage } from '../components/list/importable-list-page.tsx';
import classes from '../components/list/list-page.module.css';
import { CLIENTS_PATH } from './paths.ts';

export function ClientsPage() {
  return (
    <ImportableListPage
      area="clients"
      title="Clients"
      noun="client"
      listOptions={{ listPath: CLIENTS_PATH, filterKeys: CLIENT_FILTER_KEYS, defaultOrdering: 'name' }}
      searchPlaceholder="Name, email, phone, passport"
      searchWidth={260}
      filters={(list) => <ClientFilters list={list} />}
      columns={CLIENT_COLUMNS}
      emptyText="No clients found"
      rowProps={(c) => ({
        className: c.blacklisted ? classes.blacklisted : c.archived ? classes.archived : undefined,
        'data-blacklisted': c.blacklisted ? 'true' : undefined,
      })}
    />
  );
}

export default ClientsPage;
