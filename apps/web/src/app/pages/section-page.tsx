import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useSignedInUser } from '../../lib/session/current-user.ts';
import { navItemsFor } from '../navigation/nav-items.ts';
import { useAppRoute } from '../routes/use-app-route.ts';
import classes from './section-page.module.css';

/** /directory, /accounting and /reports: the section's children as the navigation offers them. */
export function SectionPage() {
  const route = useAppRoute();
  const user = useSignedInUser();
  const item = navItemsFor(user).find((candidate) => candidate.to === route?.path);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {route?.title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {(item?.children ?? []).map((child) =>
          child.to && !child.disabled ? (
            <UnstyledButton key={child.label} component={Link} to={child.to} className={classes.card}>
              <Text fw={600}>{child.label}</Text>
            </UnstyledButton>
          ) : (
            <Paper key={child.label} className={classes.card} data-disabled aria-disabled="true">
              <Text fw={600} c="dimmed">
                {child.label}
              </Text>
              <Text size="xs" c="dimmed">
                Not available yet
              </Text>
            </Paper>
          ),
        )}
      </SimpleGrid>
    </Stack>
  );
}

export default SectionPage;
