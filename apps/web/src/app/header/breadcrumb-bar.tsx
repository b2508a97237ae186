import { ActionIcon, Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { Icon } from '../icons.tsx';
import { useNavigationHelper } from '../navigation/use-navigation-helper.ts';
import { breadcrumbFor, parentPath } from '../routes/route-table.ts';

/** Spec 2.3: the breadcrumb with a back arrow (history first, then the parent page). */
export function BreadcrumbBar() {
  const { pathname } = useLocation();
  const helper = useNavigationHelper();
  const crumbs = breadcrumbFor(pathname);
  return (
    <nav aria-label="Breadcrumb" style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label="Back"
        onClick={() => helper.back(parentPath(pathname))}
      >
        <Icon name="back" />
      </ActionIcon>
      <Breadcrumbs separator="/" separatorMargin={6} style={{ flexWrap: 'nowrap', minWidth: 0 }}>
        {crumbs.map((crumb) =>
          crumb.to ? (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" fw={600} aria-current="page" truncate>
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
