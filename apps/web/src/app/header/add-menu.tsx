import { ACCESS, type AccessSubject, canAccess } from '@app/shared/auth/access';
import { Box, Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { Icon } from '../icons.tsx';
import classes from './header.module.css';

export interface AddMenuEntry {
  label: string;
  to: string;
}

/** Spec 2.3 and 6: New request for all; New accounting request for Admin and Accountant. */
export function addMenuEntries(user: AccessSubject): AddMenuEntry[] {
  const entries: AddMenuEntry[] = [{ label: 'New request', to: '/requests/create' }];
  if (canAccess(user, ACCESS.accountingRequest)) {
    entries.push({ label: 'New accounting request', to: '/requests/create-accounting' });
  }
  return entries;
}

export function AddMenu({ user }: { user: AccessSubject }) {
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<Icon name="plus" size={16} />}
          size="sm"
          aria-label="Add..."
          className={classes.addButton}
        >
          {/* a phone shows the plus alone */}
          <Box component="span" visibleFrom="sm">
            Add...
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {addMenuEntries(user).map((entry) => (
          <Menu.Item key={entry.to} component={Link} to={entry.to}>
            {entry.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
