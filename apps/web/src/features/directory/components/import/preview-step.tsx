import type { ImportMapping, ImportPreview } from '@app/shared/directory/index';
import { Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { mappedRows } from './import-mapping.ts';
import classes from './preview-step.module.css';

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
      {/* a file with many columns scrolls sideways inside the card, under a header row that stays put */}
      <Paper withBorder radius="sm">
        <ScrollArea.Autosize
          mah={360}
          type="auto"
          offsetScrollbars="present"
          classNames={{ viewport: classes.viewport }}
          // focusable, so the keyboard can scroll it too
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Preview of the rows' }}
        >
          <Table striped stickyHeader verticalSpacing={4} fz="sm" aria-label="Rows as they will be imported">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" className={classes.cell}>
                  Row
                </Table.Th>
                {fields.map((f) => (
                  <Table.Th key={f.name} scope="col" className={classes.cell}>
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
                    <Table.Td key={j} className={classes.cell}>
                      {/* a long value ends in an ellipsis; the whole of it is in the tooltip */}
                      <div className={classes.value} title={cell}>
                        {cell}
                      </div>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Paper>
    </Stack>
  );
}
