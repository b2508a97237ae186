import { STATEMENT_DATE_FORMATS } from '@app/shared/banking/statement-import.schemas';
import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { Select } from '../../../../ui/select/select.tsx';
import { MAPPING_COLUMNS, type MappingColumn, type MappingDraft } from './statement-mapping.ts';

/**
 * Which column of the file holds what, how its dates are written and whether its amounts use a
 * decimal comma. Each change previews the file again.
 */
export function StatementMappingFields({
  columns,
  draft,
  disabled,
  onChange,
}: {
  columns: readonly string[];
  draft: MappingDraft;
  disabled?: boolean;
  onChange: (draft: MappingDraft) => void;
}) {
  const setColumn = (key: MappingColumn, value: string | null) => {
    const next = { ...draft, [key]: value };
    // a signed amount and debit/credit are two ways of saying the same: one or the other
    if (key === 'amount' && value) Object.assign(next, { debit: null, credit: null });
    if ((key === 'debit' || key === 'credit') && value) next.amount = null;
    onChange(next);
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="xs">
        {MAPPING_COLUMNS.map((c) => (
          <Select
            key={c.key}
            label={c.label}
            description={c.hint}
            data={columns as string[]}
            value={draft[c.key]}
            placeholder="Not in the file"
            required={c.key === 'date'}
            clearable={c.key !== 'date'}
            disabled={disabled}
            onChange={(value) => setColumn(c.key, value === null ? null : String(value))}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="xs">
        <Select
          label="Date format"
          data={STATEMENT_DATE_FORMATS as unknown as string[]}
          value={draft.date_format}
          required
          clearable={false}
          disabled={disabled}
          onChange={(value) =>
            value !== null && onChange({ ...draft, date_format: value as MappingDraft['date_format'] })
          }
        />
        <Checkbox
          mt={30}
          label="Decimal comma (1.234,56)"
          checked={draft.decimal_comma}
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, decimal_comma: event.currentTarget.checked })}
        />
      </SimpleGrid>
    </Stack>
  );
}
