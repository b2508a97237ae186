import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageLabel } from '../../lib/navigation/page-label.ts';
import { useNavigationHelper } from '../../lib/navigation/use-navigation-helper.ts';

/**
 * The record's title with its badges and actions, and a way back to the list as it was left. The
 * title also names the page in the header's breadcrumb.
 */
export function RecordHeader({
  listPath,
  listLabel,
  title,
  badges,
  actions,
}: {
  listPath: string;
  listLabel: string;
  title: string;
  badges?: ReactNode;
  actions?: ReactNode;
}) {
  const helper = useNavigationHelper();
  // the breadcrumb and the tab name the record ('Alexander Volkov'), not the route ('Client')
  usePageLabel(title);
  return (
    <Stack gap={4}>
      <Anchor
        href={helper.listUrl(listPath)}
        size="sm"
        onClick={(event) => {
          event.preventDefault();
          helper.backToList(listPath);
        }}
      >
        ← {listLabel}
      </Anchor>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" align="center" miw={0} style={{ flex: '1 1 20rem' }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badges}
        </Group>
        {actions ? (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Group>
    </Stack>
  );
}
