import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { http } from '../lib/http/http-client.ts';
import { type PickerFetcher, PickerFetcherProvider } from '../ui/picker/picker-fetcher.tsx';
import { ToastViewport } from '../ui/toasts/toast-viewport.tsx';
import { LoadingBar } from './loading/loading-bar.tsx';
import type { createAppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** Pickers go through the app's client: token, loading bar and error toasts like every other call. */
const pickerFetcher: PickerFetcher = (url, { signal }) => http.get(url, { signal });

export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <LoadingBar />
        <PickerFetcherProvider fetcher={pickerFetcher}>
          <RouterProvider router={router} />
        </PickerFetcherProvider>
        <ToastViewport />
      </QueryClientProvider>
    </MantineProvider>
  );
}
