import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { errorDetail } from '../../../lib/http/http-error.ts';
import { type ExportFormat, ExportMenu } from '../../../ui/list/export-menu.tsx';
import { ListPageLayout } from '../../../ui/list/list-page-layout.tsx';

/** One figure of the totals strip: `Open` `12 400.00 GBP`, with an optional line under it. */
export interface ReportTotal {
  label: string;
  value: string;
  hint?: string | undefined;
  /** Red when the figure is a loss or a debt past due. */
  tone?: 'negative' | undefined;
}

/**
 * Every report page (decision 0012): title with Export, the filters (kept in the URL by the
 * caller), a notice when the URL asked for something the report could not run, a progress bar
 * while the report runs, the totals strip, the chart, then the table. `empty` replaces the
 * figures with a sentence that says why there is nothing to show. While a new answer is on its way
 * (`stale`), the previous figures stay dimmed and out of reach, still labelled as they were run.
 */
export function ReportLayout({
  title,
  description,
  filters,
  filtered,
  onReset,
  onExport,
  actions,
  notice,
  fetching = false,
  stale = false,
  failed = false,
  error,
  onRetry,
  totals,
  details,
  chart,
  empty,
  children,
}: {
  title: string;
  description?: ReactNode;
  filters?: ReactNode;
  filtered?: boolean;
  onReset?: () => void;
  onExport?: (format: ExportFormat) => Promise<void>;
  actions?: ReactNode;
  /** Why the report runs something other than the link asked for. */
  notice?: string | null | undefined;
  fetching?: boolean;
  /** The figures shown are the previous run's (another is on its way). */
  stale?: boolean;
  failed?: boolean;
  /** Why it failed (the server's reason is shown). */
  error?: unknown;
  onRetry?: () => void;
  totals?: readonly ReportTotal[] | undefined;
  /** Under the totals: what they are made of. */
  details?: ReactNode;
  chart?: ReactNode;
  empty?: string | null | undefined;
  children?: ReactNode;
}) {
  const exportAction = onExport ? (
    empty ? (
      // nothing to export; the button stays where it always is
      <Button variant="default" disabled>
        Export
      </Button>
    ) : (
      <ExportMenu onExport={onExport} />
    )
  ) : null;
  return (
    <ListPageLayout
      title={title}
      actions={
        actions || exportAction ? (
          <>
            {actions}
            {exportAction}
          </>
        ) : undefined
      }
      filters={filters}
      filtered={filtered ?? false}
      {...(onReset ? { onReset } : {})}
    >
      <Stack gap="md" aria-busy={fetching}>
        {notice ? (
          <Alert color="yellow" variant="light" role="status" data-testid="report-notice">
            {notice}
          </Alert>
        ) : null}
        {description ? (
          <Text size="sm" c="dimmed" style={staleStyle(stale)}>
            {description}
          </Text>
        ) : null}
        <ReportProgress running={fetching} />
        {failed ? (
          <ReportFailed error={error} onRetry={onRetry} />
        ) : empty ? (
          <div style={staleStyle(stale)}>
            <ReportEmpty message={empty} onReset={filtered ? onReset : undefined} />
          </div>
        ) : (
          <Stack gap="md" inert={stale} style={staleStyle(stale)} data-stale={stale || undefined}>
            {totals?.length ? <ReportTotals totals={totals} /> : null}
            {details}
            {chart}
            {children}
          </Stack>
        )}
      </Stack>
    </ListPageLayout>
  );
}

const staleStyle = (stale: boolean) => ({ opacity: stale ? 0.5 : 1, transition: 'opacity 150ms' });

/**
 * An indeterminate bar while the query runs (no value: a screen reader is not told "100%"), and a
 * polite line that says when the run starts and when its figures are in.
 */
export function ReportProgress({ running }: { running: boolean }) {
  const [ran, setRan] = useState(false);
  useEffect(() => {
    if (running) setRan(true);
  }, [running]);
  return (
    <div style={{ minHeight: 4 }}>
      {running ? (
        <div role="progressbar" aria-label="Running the report" aria-valuetext="Running">
          <Progress.Root size="xs">
            <Progress.Section value={100} striped animated withAria={false} />
          </Progress.Root>
        </div>
      ) : null}
      <VisuallyHidden aria-live="polite">
        {running ? 'Running the report…' : ran ? 'Report updated.' : ''}
      </VisuallyHidden>
    </div>
  );
}

/** The server's reason when it gave one, and another go. */
function ReportFailed({ error, onRetry }: { error: unknown; onRetry?: (() => void) | undefined }) {
  return (
    <Alert color="red" title="The report could not be run" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {errorDetail(error) ?? 'The server did not answer. Check the connection and try again.'}
        </Text>
        {onRetry ? (
          <Button variant="light" color="red" size="xs" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

export function ReportTotals({ totals }: { totals: readonly ReportTotal[] }) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: Math.min(totals.length, 4), lg: Math.min(totals.length, 6) }}
      spacing="sm"
    >
      {totals.map((t) => (
        <Paper key={t.label} withBorder radius="md" p="sm" role="group" aria-label={t.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t.label}
          </Text>
          <Text fw={700} size="lg" c={t.tone === 'negative' ? 'red.7' : undefined} data-testid="report-total">
            {t.value}
          </Text>
          {t.hint ? (
            <Text size="xs" c="dimmed">
              {t.hint}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function ReportEmpty({ message, onReset }: { message: string; onReset?: (() => void) | undefined }) {
  return (
    <Group justify="center" py="xl">
      <Stack gap={4} align="center" maw={520}>
        <Title order={2} size="h4">
          Nothing to report
        </Title>
        <Text c="dimmed" ta="center" data-testid="report-empty">
          {message}
        </Text>
        {onReset ? (
          <Button variant="light" size="xs" mt="xs" onClick={onReset}>
            Clear filters
          </Button>
        ) : null}
      </Stack>
    </Group>
  );
}
