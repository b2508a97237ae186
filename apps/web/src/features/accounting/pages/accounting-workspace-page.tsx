import { PERIOD_REOPEN_ACCESS } from '@app/shared/accounting/accounting.access';
import { canAccess } from '@app/shared/auth/access';
import { Stack, Text, Title } from '@mantine/core';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { useWorkspace } from '../api/workspace/get-workspace.ts';
import { CloseMonthPanel } from '../components/period-locks/close-month-panel.tsx';
import { WorkspaceCounts } from '../components/workspace/workspace-counts.tsx';

/**
 * /accounting/accounting-workspace, the Accountant's landing page: what is waiting (each count
 * opens its filtered list), whether the rates are current, and closing months.
 */
export function AccountingWorkspacePage() {
  const user = useSignedInUser();
  const workspace = useWorkspace();
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <div>
          <Title order={1}>Accounting workspace</Title>
          <Text size="sm" c="dimmed">
            What is waiting for accounting; open a count to see its list.
          </Text>
        </div>
        <WorkspaceCounts
          workspace={workspace.data}
          error={workspace.error}
          onRetry={() => void workspace.refetch()}
        />
      </Stack>
      <CloseMonthPanel canReopen={canAccess(user, PERIOD_REOPEN_ACCESS)} />
    </Stack>
  );
}

export default AccountingWorkspacePage;
