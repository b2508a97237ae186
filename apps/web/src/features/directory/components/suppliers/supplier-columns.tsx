import { formatDisplayDate } from '@app/shared';
import type { Supplier } from '@app/shared/directory/index';
import { Badge, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { ArchivedNameCell, RatingBadge } from '../common/rating-badge.tsx';

const MAX_TAGS = 3;

export const SUPPLIER_COLUMNS: ColumnDef<Supplier, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => <ArchivedNameCell name={row.original.name} archived={row.original.archived} />,
  },
  { id: 'type', header: 'Type', enableSorting: true, cell: ({ row }) => row.original.type },
  {
    id: 'tags',
    header: 'Tags',
    cell: ({ row }) => {
      const { tags } = row.original;
      return (
        <Group gap={4}>
          {tags.slice(0, MAX_TAGS).map((tag) => (
            <Badge key={tag} variant="light" color="gray" radius="sm" tt="none">
              {tag}
            </Badge>
          ))}
          {tags.length > MAX_TAGS ? (
            <Text size="xs" c="dimmed">
              +{tags.length - MAX_TAGS}
            </Text>
          ) : null}
        </Group>
      );
    },
  },
  {
    id: 'location',
    header: 'Location',
    cell: ({ row }) => [row.original.city, row.original.country].filter(Boolean).join(', '),
  },
  {
    id: 'payment_terms_days',
    header: 'Terms',
    enableSorting: true,
    meta: { align: 'right' },
    cell: ({ row }) =>
      row.original.payment_terms_days === null ? '' : `${row.original.payment_terms_days} days`,
  },
  { id: 'currency', header: 'Currency', cell: ({ row }) => row.original.currency ?? '' },
  { id: 'rating', header: 'Rating', cell: ({ row }) => <RatingBadge rating={row.original.rating} /> },
  {
    id: 'created_at',
    header: 'Added',
    enableSorting: true,
    cell: ({ row }) => formatDisplayDate(row.original.created_at),
  },
];
