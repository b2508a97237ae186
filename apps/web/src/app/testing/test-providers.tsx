import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../query-client.ts';
import { cssVariablesResolver, theme } from '../theme.ts';

/** Mantine in test mode (no transitions, no portals) and a fresh query client. */
export function TestProviders({ children, client }: { children: ReactNode; client: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function testQueryClient(): QueryClient {
  return createQueryClient();
}

export { makeUser } from '../../lib/testing/user-fixture.ts';
