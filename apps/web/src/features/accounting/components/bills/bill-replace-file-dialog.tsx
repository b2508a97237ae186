import type { BillRecord } from '@app/shared/accounting/bills.schemas';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorDetail, fieldErrors } from '../../../../lib/http/http-error.ts';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useReplaceBillFile } from '../../api/bills/replace-bill-file.ts';
import { billFileProblem, formatFileSize } from './bill-file.ts';
import { BillFileDrop } from './bill-file-drop.tsx';

/**
 * Replace the bill's file: the new one is chosen, checked, and only sent once confirmed, since the
 * current file is removed from the server (its name and size stay in the history).
 */
export function BillReplaceFileDialog({
  bill,
  opened,
  onClose,
}: {
  bill: BillRecord;
  opened: boolean;
  onClose: () => void;
}) {
  const replace = useReplaceBillFile();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    setFile(null);
    setProblem(null);
    setRefusal(null);
    onClose();
  };

  const confirm = async () => {
    const found = billFileProblem(file);
    setProblem(found);
    if (found || !file) return;
    setRefusal(null);
    try {
      await replace.mutateAsync({ id: bill.id, file });
      toast.success(`The file of ${bill.number} was replaced.`);
      close();
    } catch (error) {
      const field = fieldErrors(error).file;
      if (field) setProblem(field);
      else setRefusal(errorDetail(error) ?? 'The file could not be replaced. Try again.');
    }
  };

  return (
    <Modal opened={opened} onClose={replace.isPending ? () => {} : close} title="Replace the file" size="lg">
      <Stack gap="md">
        <Text size="sm">
          The current file, {bill.file.name} ({formatFileSize(bill.file.size)}), is removed once the new one
          is saved. The history keeps its name and size.
        </Text>
        <BillFileDrop
          label="New file"
          required
          value={file}
          error={problem ?? undefined}
          onChange={(next) => {
            setFile(next);
            setProblem(next ? billFileProblem(next) : null);
          }}
        />
        {refusal ? (
          <Alert color="red" title="Not replaced" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus disabled={replace.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={replace.isPending} disabled={!file}>
            Replace file
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
