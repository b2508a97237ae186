import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageLabel } from '../../../../lib/navigation/page-label.ts';
import { useNavigationHelper } from '../../../../lib/navigation/use-navigation-helper.ts';

export const REQUESTS_PATH = '/requests';

/**
 * The request's number with its badges and actions, and a way back to the list as it was left. The
 * number also names the page in the breadcrumb and the tab.
 */
export function RequestTitle({
  title,
  badges,
  actions,
}: {
  title: string;
  badges?: ReactNode;
  actions?: ReactNode;
}) {
  const helper = useNavigationHelper();
  usePageLabel(title);
  return (
    <Stack gap={4}>
      <Anchor
        href={helper.listUrl(REQUESTS_PATH)}
        size="sm"
        onClick={(event) => {
          event.preventDefault();
          helper.backToList(REQUESTS_PATH);
        }}
      >
        ← Requests
      </Anchor>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" align="center" miw={0} style={{ flex: '1 1 18rem' }}>
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
