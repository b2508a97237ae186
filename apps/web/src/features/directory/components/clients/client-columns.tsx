import { formatDisplayDate } from '@app/shared';
import type { Client } from '@app/shared/directory/index';
import { Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { ArchivedNameCell, RatingBadge } from '../common/rating-badge.tsx';
import { membershipLabel } from './client-labels.ts';

export const CLIENT_COLUMNS: ColumnDef<Client, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => <ArchivedNameCell name={row.original.named} archived={row.original.archived} />,
  },
  { id: 'email', header: 'Email', enableSorting: true, cell: ({ row }) => row.original.email ?? '' },
  { id: 'phone', header: 'Phone', cell: ({ row }) => row.original.phone ?? '' },
  {
    id: 'membership_end',
    header: 'Membership',
    enableSorting: true,
    cell: ({ row }) => {
      const { membership, membership_end: end } = row.original;
      if (!membership)
        return (
          <Text c="dimmed" size="sm">
            No plan
          </Text>
        );
      return (
        <Text size="sm">
          {membershipLabel(membership)}
          {end ? (
            <Text span c="dimmed" size="xs">
              {' '}
              until {formatDisplayDate(end)}
            </Text>
          ) : null}
        </Text>
      );
    },
  },
  {
    id: 'rating',
    header: 'Rating',
    enableSorting: true,
    cell: ({ row }) => <RatingBadge rating={row.original.rating} />,
  },
  { id: 'fo_manager', header: 'FO manager', cell: ({ row }) => row.original.fo_manager?.name ?? '' },
  { id: 'office', header: 'Office', cell: ({ row }) => row.original.office?.title ?? '' },
  {
    id: 'created_at',
    header: 'Added',
    enableSorting: true,
    cell: ({ row }) => formatDisplayDate(row.original.created_at),
  },
];
