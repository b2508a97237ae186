import type { ImportReport } from '@app/shared/directory/index';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { humanize } from '../form/server-errors.ts';
import { reportCsv } from './import-mapping.ts';

function downloadText(text: string, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fz={28} fw={700} c={color} data-testid={`import-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** The rows of the file the import did not take, each with why; nothing when there are none. */
function RowsTable<R extends { row: number }>({
  title,
  label,
  why,
  items,
  renderWhy,
}: {
  title: string;
  label: string;
  /** The second column's heading. */
  why: string;
  items: readonly R[];
  renderWhy: (item: R) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Table withTableBorder verticalSpacing={4} fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={80}>
              Row
            </Table.Th>
            <Table.Th scope="col">{why}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.row}>
              <Table.Td>{item.row}</Table.Td>
              <Table.Td>{renderWhy(item)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function ReportStep({
  report,
  labelOf,
  fileName,
}: {
  report: ImportReport;
  labelOf: (field: string) => string;
  fileName: string;
}) {
  const notImported = report.skipped_duplicates.length + report.refused.length;
  const label = (field: string) => labelOf(field) || humanize(field);
  return (
    <Stack gap="md" aria-live="polite">
      <Alert color={report.imported > 0 ? 'green' : 'yellow'} variant="light" title="Import finished">
        {report.imported} of {report.total_rows} {report.total_rows === 1 ? 'row was' : 'rows were'} imported.
      </Alert>
      <SimpleGrid cols={3}>
        <Figure label="Imported" value={report.imported} color="green.8" />
        <Figure label="Skipped duplicates" value={report.skipped_duplicates.length} color="yellow.9" />
        <Figure label="Refused" value={report.refused.length} color="red.8" />
      </SimpleGrid>

      <RowsTable
        title="Skipped as duplicates"
        label="Skipped as duplicates"
        why="Why"
        items={report.skipped_duplicates}
        renderWhy={(item) => item.reason}
      />
      <RowsTable
        title="Refused"
        label="Refused rows"
        why="Problems"
        items={report.refused}
        renderWhy={(item) =>
          Object.entries(item.errors).map(([field, messages]) => (
            <Text key={field} size="sm">
              <strong>{label(field)}</strong>: {messages.join(', ')}
            </Text>
          ))
        }
      />

      {notImported > 0 ? (
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              downloadText(reportCsv(report, label), `${fileName.replace(/\.(csv|xlsx)$/i, '')}-report.csv`)
            }
          >
            Download the report (CSV)
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
