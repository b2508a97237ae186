import { ACCOUNTING_SERVICE_NAME, XERO_NOT_CONFIGURED } from '@app/shared/xero/xero.messages';
import type { XeroStatus } from '@app/shared/xero/xero.schemas';
import { ActionIcon, Box, Group, Loader, Menu, Progress, Text, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { connectionText, failedText, runProgressText } from '../../../lib/xero/xero-text.ts';
import { StrokeIcon } from '../../../ui/icons/stroke-icon.tsx';
import type { AccountingService } from './use-accounting-service.ts';

export { ACCOUNTING_SERVICE_NAME };

/** `connected` once authorized (spec 4); `not configured` when the server has no Xero app. */
export function accountingServiceState(status: XeroStatus | undefined): string {
  if (status?.authorized) return 'connected';
  return status && !status.configured ? 'not configured' : 'not connected';
}

// a cloud with two arrows: sync with an outside service
const SYNC_ICON = 'M7 18a4 4 0 0 1-.5-8A6 6 0 0 1 18 9a4 4 0 0 1 0 9M10 14l2-2 2 2M12 12v7';

/** A line of text in the dropdown that is not an action. */
function Note({ children, c = 'dimmed' }: { children: ReactNode; c?: string }) {
  return (
    <Text size="xs" c={c} px="sm" pb={6} maw={300}>
      {children}
    </Text>
  );
}

/**
 * The accounting-service entries (spec 2.3, 4): the state (organisation, who connected it and
 * when), Connect, the two syncs (disabled until authorized) with the progress of the run under
 * way, the account codes and Disconnect. Shared by the header menu and, on a phone, the header's
 * overflow menu.
 */
export function AccountingServiceItems({ service }: { service: AccountingService }) {
  const { status, run } = service;
  const configured = status?.configured ?? false;
  const authorized = status?.authorized ?? false;
  const busy = run !== null || service.starting !== null;
  const connection = status ? connectionText(status) : null;
  return (
    <>
      <Menu.Label>
        {ACCOUNTING_SERVICE_NAME}: {accountingServiceState(status)}
      </Menu.Label>
      {service.loading ? (
        <Group gap={8} px="sm" pb={6}>
          <Loader size={14} />
          <Text size="xs" c="dimmed">
            Checking the connection…
          </Text>
        </Group>
      ) : null}
      {service.failed && !status ? (
        <Note c="red">The server could not say where the connection to Xero stands.</Note>
      ) : null}
      {status && !configured ? <Note>{XERO_NOT_CONFIGURED}</Note> : null}
      {status?.connection && connection ? (
        <Note c={authorized ? 'bright' : 'dimmed'}>
          <Text span inherit fw={600}>
            {status.connection.tenant_name}
          </Text>
          {connection.slice(status.connection.tenant_name.length)}
        </Note>
      ) : null}
      {status?.connection && !authorized ? (
        <Note c="orange">Xero no longer accepts this connection. Connect again to go on syncing.</Note>
      ) : null}
      {service.failed && !status ? (
        <Menu.Item closeMenuOnClick={false} onClick={service.refresh}>
          Try again
        </Menu.Item>
      ) : null}
      <Menu.Item
        disabled={!configured || service.connecting}
        closeMenuOnClick={false}
        leftSection={service.connecting ? <Loader size={14} /> : null}
        onClick={service.connect}
      >
        {service.connecting
          ? `Opening ${ACCOUNTING_SERVICE_NAME}…`
          : authorized
            ? `Reconnect to ${ACCOUNTING_SERVICE_NAME}`
            : `Connect to ${ACCOUNTING_SERVICE_NAME}`}
      </Menu.Item>
      <Menu.Item
        disabled={!authorized || busy}
        closeMenuOnClick={false}
        leftSection={service.starting === 'contacts' ? <Loader size={14} /> : null}
        onClick={() => service.sync('contacts')}
      >
        Sync contacts
      </Menu.Item>
      <Menu.Item
        disabled={!authorized || busy}
        closeMenuOnClick={false}
        leftSection={service.starting === 'invoices' ? <Loader size={14} /> : null}
        onClick={() => service.sync('invoices')}
      >
        Push invoices and payments
      </Menu.Item>
      {run ? (
        <Box px="sm" py={6} role="status" data-testid="xero-run-progress">
          <Text size="xs" mb={4}>
            {runProgressText(run)}
          </Text>
          <Progress
            size="sm"
            animated
            value={run.total ? Math.round((run.done / run.total) * 100) : 100}
            striped={!run.total}
            aria-hidden
          />
        </Box>
      ) : null}
      {service.failedRun ? (
        <Menu.Item color="red" onClick={() => service.openDialog('failures')}>
          See what failed ({failedText(service.failedRun.failed)})
        </Menu.Item>
      ) : null}
      <Menu.Divider />
      <Menu.Item disabled={!configured} onClick={() => service.openDialog('settings')}>
        Account codes…
      </Menu.Item>
      <Menu.Item
        color="red"
        disabled={!status?.connection || busy}
        onClick={() => service.openDialog('disconnect')}
      >
        Disconnect
      </Menu.Item>
    </>
  );
}

/** The header's accounting-service menu: a button, green once authorized (spec 4). */
export function AccountingServiceMenu({ service }: { service: AccountingService }) {
  const state = accountingServiceState(service.status);
  const label = `Accounting service (${ACCOUNTING_SERVICE_NAME}): ${state}`;
  const authorized = service.status?.authorized ?? false;
  const [opened, setOpened] = useState(false);
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={300}
      opened={opened}
      onChange={setOpened}
      // a run that began elsewhere (another tab, another person) shows when the menu opens
      onOpen={service.refresh}
    >
      <Menu.Target>
        <Tooltip label={label} disabled={opened}>
          <ActionIcon
            variant={authorized ? 'filled' : 'subtle'}
            color={authorized ? 'green' : 'gray'}
            size="lg"
            aria-label={label}
            data-testid="accounting-service-button"
            data-state={authorized ? 'connected' : 'not-connected'}
          >
            <StrokeIcon d={SYNC_ICON} strokeLinejoin="round" />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <AccountingServiceItems service={service} />
      </Menu.Dropdown>
    </Menu>
  );
}

export default AccountingServiceMenu;
