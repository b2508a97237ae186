import type { ImportMapping, ImportPreview } from '@app/shared/directory/index';
import { Stack, Table, Text } from '@mantine/core';
import { mappedRows } from './import-mapping.ts';

export function PreviewStep({
  preview,
  mapping,
  duplicateRule,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  /** How a duplicate is recognised, in words ("the same email"). */
  duplicateRule: string;
}) {
  const { fields, rows } = mappedRows(preview, mapping);
  return (
    <Stack gap="md">
      <Text>
        {preview.total_rows} {preview.total_rows === 1 ? 'row' : 'rows'} will be checked. A row with{' '}
        {duplicateRule} as an existing record (or an earlier row of the file) is skipped; a row with invalid
        values is refused. Both are listed in the report.
      </Text>
      <Text size="sm" c="dimmed">
        The first {rows.length} {rows.length === 1 ? 'row' : 'rows'} as they will be read:
      </Text>
      <Table.ScrollContainer minWidth={500}>
        <Table striped withTableBorder verticalSpacing={4} fz="sm" aria-label="Rows as they will be imported">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              {fields.map((f) => (
                <Table.Th key={f.name} scope="col">
                  {f.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              // the file's line number: the header is line 1
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
              <Table.Tr key={i}>
                <Table.Td c="dimmed">{i + 2}</Table.Td>
                {row.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the field order
                  <Table.Td key={j}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
