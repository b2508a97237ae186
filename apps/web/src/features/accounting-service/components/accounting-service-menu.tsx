import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { StrokeIcon } from '../../../ui/icons/stroke-icon.tsx';

/**
 * Where the accounting-service connection stands (spec 4): configured means the server knows the
 * service (Xero); authorized means it has been connected. Until it is configured nothing can start.
 */
export interface AccountingServiceStatus {
  configured: boolean;
  authorized: boolean;
}

/** Xero comes in a later issue: the slot shows what is to come, and nothing acts yet. */
export const NOT_CONFIGURED: AccountingServiceStatus = { configured: false, authorized: false };

export const ACCOUNTING_SERVICE_NAME = 'Xero';

export function accountingServiceState(status: AccountingServiceStatus): string {
  return status.authorized ? 'connected' : 'not connected';
}

// a cloud with two arrows: sync with an outside service
const SYNC_ICON = 'M7 18a4 4 0 0 1-.5-8A6 6 0 0 1 18 9a4 4 0 0 1 0 9M10 14l2-2 2 2M12 12v7';

/**
 * The accounting-service entries (spec 2.3, 4): its state, Connect (which will ask the server for
 * the authorization URL) and the contact sync, disabled until the service is authorized. Shared by
 * the header menu and, on a phone, the header's overflow menu.
 */
export function AccountingServiceItems({ status }: { status: AccountingServiceStatus }) {
  return (
    <>
      <Menu.Label>
        {ACCOUNTING_SERVICE_NAME}: {accountingServiceState(status)}
      </Menu.Label>
      <Menu.Item disabled={!status.configured || status.authorized}>
        Connect to {ACCOUNTING_SERVICE_NAME}
      </Menu.Item>
      <Menu.Item disabled={!status.authorized}>Sync contacts</Menu.Item>
      {status.configured ? null : (
        <Text size="xs" c="dimmed" px="sm" pb={6} maw={240}>
          The connection to {ACCOUNTING_SERVICE_NAME} is not set up yet. It comes in a later release.
        </Text>
      )}
    </>
  );
}

/** The header's accounting-service menu: a button, green once authorized (spec 4). */
export function AccountingServiceMenu({ status = NOT_CONFIGURED }: { status?: AccountingServiceStatus }) {
  const label = `Accounting service (${ACCOUNTING_SERVICE_NAME}): ${accountingServiceState(status)}`;
  const [opened, setOpened] = useState(false);
  return (
    <Menu position="bottom-end" shadow="md" width={260} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Tooltip label={label} disabled={opened}>
          <ActionIcon
            variant={status.authorized ? 'light' : 'subtle'}
            color={status.authorized ? 'green' : 'gray'}
            size="lg"
            aria-label={label}
            data-testid="accounting-service-button"
            data-state={status.authorized ? 'connected' : 'not-connected'}
          >
            <StrokeIcon d={SYNC_ICON} strokeLinejoin="round" />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <AccountingServiceItems status={status} />
      </Menu.Dropdown>
    </Menu>
  );
}

export default AccountingServiceMenu;
