import { Stack } from '@mantine/core';
import { RegionsPanel } from '../../features/rates/components/regions-panel.tsx';
import { UsersPage } from '../../features/users/pages/users-page.tsx';

/** /users: the people and the offices they belong to. Composed here so features stay apart. */
export function UsersAdminPage() {
  return (
    <Stack gap="xl">
      <UsersPage />
      <RegionsPanel />
    </Stack>
  );
}
