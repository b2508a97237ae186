import { type Access, canAccess } from '@app/shared';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useSignedInUser } from '../../../../lib/session/current-user.ts';
import type { EditableArea } from '../../api/directory-areas.ts';
import {
  archivedRowProps,
  DirectoryListPage,
  type DirectoryListPageProps,
} from '../list/directory-list-page.tsx';
import { CatalogDrawer, type CatalogDrawerProps } from './catalog-drawer.tsx';

type ListProps<A extends EditableArea> = Omit<
  DirectoryListPageProps<A>,
  'actions' | 'leadingActions' | 'onRowClick' | 'rowProps' | 'children'
>;
type DrawerProps<A extends EditableArea> = Omit<
  CatalogDrawerProps<A>,
  'open' | 'onClose' | 'onCreated' | 'canWrite'
>;

/**
 * Services, banks and companies: a list whose rows open in the catalog drawer, with a
 * `New <noun>` button for those the access rule lets write.
 */
export function CatalogListPage<A extends EditableArea>({
  writeAccess,
  noun,
  nameOf,
  fieldLabels,
  toUpdate,
  renderForm,
  renderDetails,
  ...list
}: ListProps<A> & DrawerProps<A> & { writeAccess: Access }) {
  const user = useSignedInUser();
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const canWrite = canAccess(user, writeAccess);

  return (
    <DirectoryListPage
      {...list}
      actions={canWrite ? <Button onClick={() => setOpen('new')}>{`New ${noun}`}</Button> : null}
      onRowClick={(row) => setOpen(row.id)}
      rowProps={archivedRowProps}
    >
      <CatalogDrawer
        area={list.area}
        open={open}
        onClose={() => setOpen(null)}
        onCreated={setOpen}
        noun={noun}
        canWrite={canWrite}
        nameOf={nameOf}
        fieldLabels={fieldLabels}
        toUpdate={toUpdate}
        renderForm={renderForm}
        renderDetails={renderDetails}
      />
    </DirectoryListPage>
  );
}
