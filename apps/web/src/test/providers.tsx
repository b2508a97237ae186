import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../app/query-client.ts';
import { cssVariablesResolver, theme } from '../app/theme.ts';

/** The app's theme with Mantine in test mode (no transitions, no portals), and a query client. */
export function TestProviders({ children, client }: { children: ReactNode; client: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * A fresh query client set up as the app's is (no retries, answers fresh for 30 s). A test that
 * counts requests across visits passes `{ staleTime: 0 }`, so every visit asks the server again.
 */
export function testQueryClient(queries: { staleTime?: number } = {}): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, ...queries } });
  return client;
}
