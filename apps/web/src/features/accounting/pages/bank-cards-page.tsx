import type { Card } from '@app/shared/accounting/cards.schemas';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { Button, Checkbox, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { errorDetail } from '../../../lib/http/http-error.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog.tsx';
import { DataTable } from '../../../ui/list/data-table.tsx';
import { FilterBox, PickerFilter, SelectFilter } from '../../../ui/list/list-filters.tsx';
import { ListPageLayout } from '../../../ui/list/list-page-layout.tsx';
import { ListSearchInput } from '../../../ui/list/list-search-input.tsx';
import { listTableProps } from '../../../ui/list/list-table-props.ts';
import { useListState } from '../../../ui/list/use-list-state.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useDeleteCard } from '../api/cards/delete-card.ts';
import { useCards } from '../api/cards/list-cards.ts';
import { useRestoreCard } from '../api/cards/restore-card.ts';
import { cardColumns } from '../components/cards/card-columns.tsx';
import { CardDialog } from '../components/cards/card-dialog.tsx';
import { BANK_CARDS_LIST, cardsQuery } from '../components/cards/cards-filters.ts';

/**
 * /accounting/bank-cards: the company cards, each tied to one of the company's bank accounts.
 * The full number is typed once into the Add dialog, checked (Luhn) here and on the server, and
 * only its last four digits come back.
 */
export function BankCardsPage() {
  const list = useListState(BANK_CARDS_LIST);
  const query = useMemo(() => cardsQuery(list.state), [list.state]);
  const cards = useCards(query);
  const [editing, setEditing] = useState<{ card: Card | null } | null>(null);
  const [deleting, setDeleting] = useState<Card | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteCard();
  const restore = useRestoreCard();
  const columns = useMemo(
    () =>
      cardColumns({
        onEdit: (card) => setEditing({ card }),
        onDelete: (card) => {
          setRefusal(null);
          setDeleting(card);
        },
        onRestore: (card) =>
          restore.mutate(card.id, {
            onSuccess: () => toast.success(`${card.brand} •••• ${card.last_four} restored.`),
          }),
      }),
    [restore.mutate],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${deleting.brand} •••• ${deleting.last_four} deleted.`);
      setDeleting(null);
    } catch (error) {
      setRefusal(errorDetail(error) ?? 'The card could not be deleted. Try again.');
    }
  };

  return (
    <ListPageLayout
      title="Bank cards"
      actions={<Button onClick={() => setEditing({ card: null })}>Add card</Button>}
      filters={
        <>
          <FilterBox width={230}>
            <ListSearchInput
              value={list.state.search}
              onChange={list.setSearch}
              placeholder="Holder, bank, last four digits"
            />
          </FilterBox>
          <PickerFilter
            list={list}
            name="company"
            width={180}
            label="Company"
            object="companies"
            displayField="named"
            extraField="name"
            placeholder="Any company"
          />
          <SelectFilter
            list={list}
            name="currency"
            width={130}
            label="Currency"
            data={RATE_CURRENCIES}
            placeholder="Any"
          />
          <FilterBox width={120}>
            <Checkbox
              mb={8}
              label="Deleted cards"
              checked={list.state.filters.deleted === 'true'}
              onChange={(event) => list.setFilter('deleted', event.currentTarget.checked ? 'true' : null)}
            />
          </FilterBox>
        </>
      }
      filtered={list.filtered}
      onReset={list.reset}
    >
      <DataTable<Card>
        label="Bank cards"
        columns={columns}
        getRowId={(row) => String(row.id)}
        emptyText={
          list.state.filters.deleted === 'true' &&
          Object.keys(list.state.filters).length === 1 &&
          !list.state.search
            ? 'No deleted cards.'
            : list.filtered
              ? 'No bank cards match these filters.'
              : 'No bank cards yet. Add the company cards used to pay suppliers.'
        }
        loadingText="Loading bank cards…"
        minWidth={960}
        {...listTableProps(list, cards)}
      />
      <CardDialog opened={editing !== null} card={editing?.card ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this card?"
        confirmLabel="Delete card"
        busy={remove.isPending}
        refusal={refusal}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          <Text>
            The {deleting.brand} •••• {deleting.last_four} of {deleting.holder} ({deleting.company.code},{' '}
            {deleting.bank.bank_name} {deleting.currency}) will be removed from the list. Its history is kept.
          </Text>
        ) : null}
      </ConfirmDialog>
    </ListPageLayout>
  );
}

export default BankCardsPage;
