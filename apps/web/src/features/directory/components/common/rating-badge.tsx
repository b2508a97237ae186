import { Badge, Group, Text } from '@mantine/core';

const COLORS: Record<string, string> = {
  Basic: 'gray',
  'Test period': 'yellow',
  Strategic: 'teal',
  Blacklisted: 'red',
};

/** A rating as a badge; Blacklisted is filled red so it cannot be missed in a list. */
export function RatingBadge({ rating }: { rating: string | null }) {
  if (!rating) return null;
  const blacklisted = rating === 'Blacklisted';
  return (
    <Badge color={COLORS[rating] ?? 'gray'} variant={blacklisted ? 'filled' : 'light'} radius="sm">
      {rating}
    </Badge>
  );
}

export function ArchivedBadge({ archived }: { archived: boolean }) {
  return archived ? (
    <Badge color="gray" variant="outline" radius="sm">
      Archived
    </Badge>
  ) : null;
}

/** A list's first cell: the record's name, then Archived when it is. */
export function ArchivedNameCell({
  name,
  archived,
  weight = 500,
}: {
  name: string;
  archived: boolean;
  weight?: number;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text fw={weight} size="sm">
        {name}
      </Text>
      <ArchivedBadge archived={archived} />
    </Group>
  );
}
