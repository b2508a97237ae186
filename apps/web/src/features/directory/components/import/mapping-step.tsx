import { MESSAGES } from '@app/shared';
import type { ImportMapping, ImportPreview } from '@app/shared/directory/index';
import { Alert, Stack, Table, Text } from '@mantine/core';
import { Select } from '../../../../ui/select/select.tsx';
import { reusedColumns } from './import-mapping.ts';

export function MappingStep({
  preview,
  mapping,
  showMissing,
  onChange,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  /** After a "Next" with required fields unmapped, those fields say so. */
  showMissing: boolean;
  onChange: (mapping: ImportMapping) => void;
}) {
  const firstRow = preview.rows[0] ?? [];
  const sample = (column: string | null | undefined) => {
    if (!column) return '';
    const at = preview.columns.indexOf(column);
    return at === -1 ? '' : (firstRow[at] ?? '');
  };
  const reused = reusedColumns(mapping);

  return (
    <Stack gap="md">
      <Text>
        <strong>{preview.file_name}</strong>: {preview.total_rows} {preview.total_rows === 1 ? 'row' : 'rows'}
        , {preview.columns.length} columns. Match each field to a column of the file; fields left unmatched
        are not imported.
      </Text>
      {reused.length > 0 ? (
        <Alert color="yellow" variant="light">
          The column {reused.map((c) => `“${c}”`).join(', ')} is used for more than one field.
        </Alert>
      ) : null}
      <Table verticalSpacing="xs" aria-label="Column mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="30%">
              Field
            </Table.Th>
            <Table.Th scope="col" w="35%">
              Column in the file
            </Table.Th>
            <Table.Th scope="col">First row</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.fields.map((field) => {
            const column = mapping[field.name] ?? null;
            return (
              <Table.Tr key={field.name}>
                <Table.Td>
                  <Text size="sm" fw={500} id={`map-${field.name}`}>
                    {field.label}
                    {field.required ? (
                      <Text span c="red" aria-hidden="true">
                        {' *'}
                      </Text>
                    ) : null}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    // the row already shows the field's name (and its star); a visible label, even
                    // a hidden one, would add a stray asterisk line above the required choices
                    aria-label={`Column for ${field.label}`}
                    data={preview.columns}
                    value={column}
                    placeholder="Not imported"
                    required={field.required}
                    error={showMissing && field.required && !column ? MESSAGES.required : undefined}
                    onChange={(value) =>
                      onChange({ ...mapping, [field.name]: value === null ? null : String(value) })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {sample(column)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
