import type { CurrentUser } from '@app/shared/users/user.schemas';
import { ActionIcon, Group, Indicator, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { Icon } from '../icons.tsx';
import { AddMenu } from './add-menu.tsx';
import { BreadcrumbBar } from './breadcrumb-bar.tsx';
import classes from './header.module.css';
import { AccountingServiceSlot, ConverterSlot, RatesPopoverSlot } from './header-slots.ts';
import { SearchBox } from './search-box.tsx';
import { UserAvatar } from './user-avatar.tsx';

/** The header of spec 2.3. */
export function AppHeader({ user }: { user: CurrentUser }) {
  const unread = user.notify_counter;
  return (
    <header className={classes.header}>
      <BreadcrumbBar />
      <Group gap={6} wrap="nowrap" className={classes.actions}>
        <SearchBox />
        <Tooltip label="Home">
          <ActionIcon component={Link} to="/" variant="subtle" color="gray" size="lg" aria-label="Home">
            <Icon name="home" />
          </ActionIcon>
        </Tooltip>
        <RatesPopoverSlot />
        <ConverterSlot />
        <AccountingServiceSlot />
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
      </Group>
    </header>
  );
}
