import { type AccessSubject, isAdmin } from '@app/shared/auth/access';
import { displayRole, ROLE_LABELS } from '@app/shared/auth/roles';
import type { CurrentUser } from '@app/shared/users/user.schemas';
import { ActionIcon, NavLink, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { logout } from '../../lib/session/logout.ts';
import { UserAvatar } from '../header/user-avatar.tsx';
import { Icon } from '../icons.tsx';
import { type NavItem, navItemsFor } from '../navigation/nav-items.ts';
import classes from './shell.module.css';

export const NAV_RAIL_WIDTH = 64;
export const NAV_OPEN_WIDTH = 344;

const isUnder = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

interface SideNavProps {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 2.2: a 64 px rail that opens to 344 px on demand. */
export function SideNav({ user, open, onOpenChange }: SideNavProps) {
  const { pathname } = useLocation();
  const items = navItemsFor(user);
  const [expanded, setExpanded] = useState<string | null>(
    () => items.find((item) => item.children && isUnder(pathname, item.to))?.key ?? null,
  );

  return (
    <nav
      className={classes.nav}
      data-open={open || undefined}
      style={{ width: open ? NAV_OPEN_WIDTH : NAV_RAIL_WIDTH }}
      aria-label="Main navigation"
      data-testid="side-nav"
    >
      <div className={classes.navTop}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={open ? 'Collapse navigation' : 'Open navigation'}
          aria-expanded={open}
          onClick={() => onOpenChange(!open)}
        >
          <Icon name={open ? 'collapse' : 'menu'} />
        </ActionIcon>
        {open ? (
          <Text fw={700} size="lg" className={classes.brand}>
            Back office
          </Text>
        ) : null}
      </div>

      <div className={classes.navItems}>
        {items.map((item) =>
          open ? (
            <OpenItem
              key={item.key}
              item={item}
              pathname={pathname}
              expanded={expanded === item.key}
              onToggle={() => setExpanded((key) => (key === item.key ? null : item.key))}
            />
          ) : (
            <RailItem
              key={item.key}
              item={item}
              active={isUnder(pathname, item.to)}
              onExpand={() => {
                setExpanded(item.key);
                onOpenChange(true);
              }}
            />
          ),
        )}
      </div>

      <UserSection user={user} open={open} pathname={pathname} />
    </nav>
  );
}

function RailItem({ item, active, onExpand }: { item: NavItem; active: boolean; onExpand: () => void }) {
  const icon = <Icon name={item.icon} size={22} />;
  return (
    <Tooltip label={item.label} position="right" withArrow>
      {item.children ? (
        <UnstyledButton
          className={classes.railItem}
          data-active={active || undefined}
          data-nav-key={item.key}
          aria-label={item.label}
          onClick={onExpand}
        >
          {icon}
        </UnstyledButton>
      ) : (
        <UnstyledButton
          component={Link}
          to={item.to}
          className={classes.railItem}
          data-active={active || undefined}
          data-nav-key={item.key}
          aria-label={item.label}
          aria-current={active ? 'page' : undefined}
        >
          {icon}
        </UnstyledButton>
      )}
    </Tooltip>
  );
}

function OpenItem(props: { item: NavItem; pathname: string; expanded: boolean; onToggle: () => void }) {
  const { item, pathname, expanded, onToggle } = props;
  const icon = <Icon name={item.icon} size={20} />;
  if (!item.children) {
    const active = isUnder(pathname, item.to);
    return (
      <NavLink
        component={Link}
        to={item.to}
        label={item.label}
        leftSection={icon}
        active={active}
        aria-current={active ? 'page' : undefined}
        data-nav-key={item.key}
        className={classes.navLink}
      />
    );
  }
  return (
    <NavLink
      component="button"
      type="button"
      label={item.label}
      leftSection={icon}
      opened={expanded}
      onChange={onToggle}
      active={isUnder(pathname, item.to) && !expanded}
      data-nav-key={item.key}
      className={classes.navLink}
      childrenOffset={32}
    >
      {item.children.map((child) =>
        child.to && !child.disabled ? (
          <NavLink
            key={child.label}
            component={Link}
            to={child.to}
            label={child.label}
            active={isUnder(pathname, child.to)}
            aria-current={isUnder(pathname, child.to) ? 'page' : undefined}
            className={`${classes.navLink} ${classes.navChild}`}
          />
        ) : (
          <NavLink
            key={child.label}
            component="button"
            type="button"
            label={child.label}
            disabled
            aria-disabled="true"
            className={`${classes.navLink} ${classes.navChild}`}
          />
        ),
      )}
    </NavLink>
  );
}

function UserSection({ user, open, pathname }: { user: CurrentUser; open: boolean; pathname: string }) {
  const role = ROLE_LABELS[displayRole(user)];
  const manageUsers = isAdmin(user as AccessSubject);
  return (
    <div className={classes.userSection}>
      {open ? (
        <div className={classes.userCard}>
          <UserAvatar name={user.name} src={user.avatar} size={40} />
          <div className={classes.userText}>
            <Text fw={600} truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {role}
            </Text>
          </div>
        </div>
      ) : null}
      <FooterLink
        open={open}
        to="/profile"
        label="Profile"
        icon={
          open ? <Icon name="user" size={20} /> : <UserAvatar name={user.name} src={user.avatar} size={32} />
        }
        active={pathname === '/profile'}
      />
      {manageUsers ? (
        <FooterLink
          open={open}
          to="/users"
          label="Users"
          icon={<Icon name="users" size={open ? 20 : 22} />}
          active={pathname === '/users'}
        />
      ) : null}
      {open ? (
        <NavLink
          component="button"
          type="button"
          label="Log out"
          leftSection={<Icon name="logout" size={20} />}
          onClick={() => void logout()}
          className={classes.navLink}
        />
      ) : (
        <Tooltip label="Log out" position="right" withArrow>
          <UnstyledButton className={classes.railItem} aria-label="Log out" onClick={() => void logout()}>
            <Icon name="logout" size={22} />
          </UnstyledButton>
        </Tooltip>
      )}
    </div>
  );
}

function FooterLink(props: { open: boolean; to: string; label: string; icon: ReactNode; active: boolean }) {
  const { open, to, label, icon, active } = props;
  if (open) {
    return (
      <NavLink
        component={Link}
        to={to}
        label={label}
        leftSection={icon}
        active={active}
        className={classes.navLink}
      />
    );
  }
  return (
    <Tooltip label={label} position="right" withArrow>
      <UnstyledButton
        component={Link}
        to={to}
        className={classes.railItem}
        data-active={active || undefined}
        aria-label={label}
      >
        {icon}
      </UnstyledButton>
    </Tooltip>
  );
}
