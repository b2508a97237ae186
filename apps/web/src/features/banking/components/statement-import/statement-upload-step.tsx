import { STATEMENT_MAX_ROWS } from '@app/shared/banking/statement-import.schemas';
import { List, Stack } from '@mantine/core';
import { FileDrop } from '../../../../ui/file-drop/file-drop.tsx';
import { Picker } from '../../../../ui/picker/picker.tsx';
import { autofocusRef } from '../common/dialog-focus.ts';
import { STATEMENT_ACCEPT } from './statement-file.ts';

export interface StatementBank {
  id: number;
  named: string;
  currency: string | null;
}

/** Step 1: which account the statement is of, and the file. */
export function StatementUploadStep({
  bank,
  bankError,
  file,
  fileError,
  onBank,
  onFile,
}: {
  bank: StatementBank | null;
  bankError: string | null;
  file: File | null;
  fileError: string | null;
  onBank: (bank: StatementBank | null) => void;
  onFile: (file: File | null) => void;
}) {
  return (
    <Stack gap="md">
      <Picker
        label="Bank account"
        object="banks"
        displayField="named"
        extraField="company_code"
        placeholder="The account of the statement"
        required
        ref={autofocusRef()}
        value={bank?.id ?? null}
        initialItems={bank ? [{ ...bank }] : undefined}
        error={bankError ?? undefined}
        onChange={(id, item) =>
          onBank(
            id === null
              ? null
              : {
                  id: Number(id),
                  named: String(item?.named ?? ''),
                  currency: typeof item?.currency === 'string' ? item.currency : null,
                },
          )
        }
      />
      <FileDrop
        label="Statement file"
        required
        value={file}
        error={fileError}
        onChange={onFile}
        description="The bank's CSV export: a header row, then one line per transaction (at most 10 MB)"
        accept={STATEMENT_ACCEPT}
        emptyText="Drop the CSV file here, or choose it."
        formatSize={(bytes) => `${Math.max(1, Math.round(bytes / 1024))} KB`}
        testId="statement-file"
        padding="lg"
      />
      <List size="sm" c="dimmed">
        <List.Item>Up to {STATEMENT_MAX_ROWS.toLocaleString('en-GB')} lines.</List.Item>
        <List.Item>
          You match the columns next; the choice is remembered for this account, so the next statement reads
          at once.
        </List.Item>
        <List.Item>
          A line already in the account (same date, amount and reference) is skipped, never entered twice.
        </List.Item>
      </List>
    </Stack>
  );
}
