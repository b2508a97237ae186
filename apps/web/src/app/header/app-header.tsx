import { canAccess } from '@app/shared/auth/access';
import type { CurrentUser } from '@app/shared/users/user.schemas';
import { XERO_ACCESS } from '@app/shared/xero/xero.access';
import { ActionIcon, Box, Group, Indicator, Menu, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { AccountingServiceItems } from '../../features/accounting-service/components/accounting-service-menu.tsx';
import {
  type AccountingService,
  useAccountingService,
} from '../../features/accounting-service/components/use-accounting-service.ts';
import { Icon } from '../icons.tsx';
import { AddMenu } from './add-menu.tsx';
import { BreadcrumbBar } from './breadcrumb-bar.tsx';
import classes from './header.module.css';
import { AccountingServiceSlot, ConverterSlot, RatesPopoverSlot } from './header-slots.ts';
import { SearchBox } from './search-box.tsx';
import { UserAvatar } from './user-avatar.tsx';

/**
 * The header of spec 2.3, in its order: breadcrumb, search, home, exchange rates, accounting
 * service, converter, Add..., notifications, avatar. On a phone it also opens the navigation, and
 * Home and the accounting-service menu move into a "More" menu so the row fits 390 px.
 */
export function AppHeader({ user, onOpenNav }: { user: CurrentUser; onOpenNav?: () => void }) {
  const unread = user.notify_counter;
  const accountingService = useAccountingService(canAccess(user, XERO_ACCESS));
  return (
    <header className={classes.header}>
      <Group gap={4} wrap="nowrap" className={classes.start}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Open navigation"
          hiddenFrom="sm"
          onClick={onOpenNav}
        >
          <Icon name="menu" />
        </ActionIcon>
        <BreadcrumbBar />
      </Group>
      <Group gap={6} wrap="nowrap" className={classes.actions}>
        <SearchBox />
        <Tooltip label="Home">
          <ActionIcon
            component={Link}
            to="/"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Home"
            visibleFrom="sm"
          >
            <Icon name="home" />
          </ActionIcon>
        </Tooltip>
        <RatesPopoverSlot />
        <Box visibleFrom="sm" display="contents">
          <AccountingServiceSlot service={accountingService} />
        </Box>
        <ConverterSlot />
        <AddMenu user={user} />
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={16}
          disabled={unread === 0}
          offset={4}
          color="red"
        >
          <ActionIcon
            component={Link}
            to="/notifications"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
            data-testid="notification-bell"
          >
            <Icon name="bell" />
          </ActionIcon>
        </Indicator>
        <Link to="/profile" aria-label={`Profile of ${user.name}`} className={classes.avatarLink}>
          <UserAvatar name={user.name} src={user.avatar} size={34} />
        </Link>
        <MoreMenu accountingService={accountingService} />
      </Group>
    </header>
  );
}

/** A phone's overflow: the header entries that do not fit its row. */
function MoreMenu({ accountingService }: { accountingService: AccountingService }) {
  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="More" hiddenFrom="sm">
          <Icon name="more" strokeWidth={3} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/" leftSection={<Icon name="home" size={16} />}>
          Home
        </Menu.Item>
        {accountingService.enabled ? (
          <>
            <Menu.Divider />
            <AccountingServiceItems service={accountingService} />
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
