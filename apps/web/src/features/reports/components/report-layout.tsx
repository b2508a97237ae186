import { Alert, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
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
 * caller), a progress bar while the report runs, the totals strip, the chart, then the table.
 * `empty` replaces the figures with a sentence that says why there is nothing to show.
 */
export function ReportLayout({
  title,
  description,
  filters,
  filtered,
  onReset,
  onExport,
  actions,
  fetching = false,
  failed = false,
  totals,
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
  fetching?: boolean;
  failed?: boolean;
  totals?: readonly ReportTotal[] | undefined;
  chart?: ReactNode;
  empty?: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <ListPageLayout
      title={title}
      actions={
        actions || onExport ? (
          <>
            {actions}
            {onExport ? <ExportMenu onExport={onExport} /> : null}
          </>
        ) : undefined
      }
      filters={filters}
      filtered={filtered ?? false}
      {...(onReset ? { onReset } : {})}
    >
      <Stack gap="md" aria-busy={fetching}>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        <ReportProgress running={fetching} />
        {failed ? (
          <Alert color="red" title="The report could not be run" role="alert">
            Check the filters and try again; if it keeps failing, the server log says why.
          </Alert>
        ) : empty ? (
          <ReportEmpty message={empty} />
        ) : (
          <>
            {totals?.length ? <ReportTotals totals={totals} /> : null}
            {chart ? <ReportChartPanel>{chart}</ReportChartPanel> : null}
            {children}
          </>
        )}
      </Stack>
    </ListPageLayout>
  );
}

/** An indeterminate bar while the query runs; the old figures stay under it until the new arrive. */
export function ReportProgress({ running }: { running: boolean }) {
  return (
    <div style={{ minHeight: 4 }}>
      {running ? <Progress value={100} striped animated size="xs" aria-label="Running the report" /> : null}
    </div>
  );
}

export function ReportTotals({ totals }: { totals: readonly ReportTotal[] }) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: Math.min(totals.length, 4), lg: Math.min(totals.length, 6) }}
      spacing="sm"
    >
      {totals.map((t) => (
        <Paper key={t.label} withBorder radius="md" p="sm" component="section" aria-label={t.label}>
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

/** A fixed-height frame for a recharts `ResponsiveContainer`. */
export function ReportChartPanel({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" h={300} component="figure" m={0}>
      {children}
    </Paper>
  );
}

export function ReportEmpty({ message }: { message: string }) {
  return (
    <Group justify="center" py="xl">
      <Stack gap={4} align="center" maw={520}>
        <Title order={2} size="h4">
          Nothing to report
        </Title>
        <Text c="dimmed" ta="center" data-testid="report-empty">
          {message}
        </Text>
      </Stack>
    </Group>
  );
}
