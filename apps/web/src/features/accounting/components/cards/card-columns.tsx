import type { Card } from '@app/shared/accounting/cards.schemas';
import { Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { formatMoney } from '../../../../lib/format/format-money.ts';

/** Edit and Delete of a row, each a button a keyboard reaches. */
export interface CardRowActions {
  onEdit: (card: Card) => void;
  onDelete: (card: Card) => void;
  onRestore: (card: Card) => void;
}

/**
 * Which account a card draws on (bank, its currency and the account's last digits), whose it is,
 * the card as it is printed (brand and last four), its expiry (expired ones in red, said in
 * words), the limit in the account's currency, then Edit and Delete (Restore for a deleted card).
 */
export function cardColumns({ onEdit, onDelete, onRestore }: CardRowActions): ColumnDef<Card, unknown>[] {
  return [
    {
      id: 'bank',
      header: 'Bank account',
      enableSorting: true,
      meta: { width: 230 },
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} lineClamp={1}>
            {row.original.bank.bank_name}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {row.original.currency} · …{row.original.bank.account_number.slice(-4)} · {row.original.bank.type}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'company',
      header: 'Company',
      meta: { width: 150 },
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.original.company.code}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {row.original.company.name}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'holder',
      header: 'Holder',
      enableSorting: true,
      cell: ({ row }) => (
        <Text size="sm" lineClamp={2}>
          {row.original.holder}
        </Text>
      ),
    },
    {
      id: 'card',
      header: 'Card',
      meta: { width: 190 },
      cell: ({ row }) => (
        <Group gap={8} wrap="nowrap">
          <Badge variant="outline" color="gray" radius="sm" tt="none">
            {row.original.brand}
          </Badge>
          <Text
            size="sm"
            ff="monospace"
            style={{ whiteSpace: 'nowrap' }}
            aria-label={`ending ${row.original.last_four}`}
          >
            •••• {row.original.last_four}
          </Text>
        </Group>
      ),
    },
    {
      id: 'expiry',
      header: 'Expiry',
      enableSorting: true,
      meta: { width: 110 },
      cell: ({ row }) =>
        row.original.expired ? (
          <Stack gap={0} data-expired="true">
            <Text size="sm" fw={700} c="red.7">
              {row.original.expiry}
            </Text>
            <Text size="xs" c="red.7">
              Expired
            </Text>
          </Stack>
        ) : (
          <Text size="sm">{row.original.expiry}</Text>
        ),
    },
    {
      id: 'limit',
      header: 'Limit',
      meta: { align: 'right', width: 150 },
      cell: ({ row }) =>
        row.original.limit === null ? (
          <Text size="sm" c="dimmed">
            No limit
          </Text>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(row.original.limit, row.original.currency)}
          </Text>
        ),
    },
    {
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      meta: { align: 'right', width: 150 },
      cell: ({ row }) => {
        const name = `${row.original.brand} •••• ${row.original.last_four}`;
        if (row.original.archived)
          return (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Button
                variant="subtle"
                size="compact-sm"
                aria-label={`Restore ${name}`}
                onClick={() => onRestore(row.original)}
              >
                Restore
              </Button>
            </Group>
          );
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-sm"
              aria-label={`Edit ${name}`}
              onClick={() => onEdit(row.original)}
            >
              Edit
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              aria-label={`Delete ${name}`}
              onClick={() => onDelete(row.original)}
            >
              Delete
            </Button>
          </Group>
        );
      },
    },
  ];
}
