import { ActionIcon, Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { usePageLabelOf } from '../../lib/navigation/page-label.ts';
import { useNavigationHelper } from '../../lib/navigation/use-navigation-helper.ts';
import { Icon } from '../icons.tsx';
import { breadcrumbFor, parentPath } from '../routes/route-table.ts';

/**
 * Spec 2.3: the breadcrumb with a back arrow (history first, then the parent page). The last crumb
 * is the page's own name once it has one (a record's name), else the route's title.
 */
export function BreadcrumbBar() {
  const { pathname } = useLocation();
  const helper = useNavigationHelper();
  const pageLabel = usePageLabelOf(pathname);
  const crumbs = breadcrumbFor(pathname).map((crumb, i, all) =>
    i === all.length - 1 && pageLabel ? { ...crumb, label: pageLabel } : crumb,
  );
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
      <Breadcrumbs
        separator="/"
        separatorMargin={6}
        visibleFrom="sm"
        style={{ flexWrap: 'nowrap', minWidth: 0 }}
      >
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
