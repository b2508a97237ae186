import { FileDrop } from '../../../../ui/file-drop/file-drop.tsx';
import { BILL_FILE_ACCEPT, formatFileSize } from './bill-file.ts';

/** Where the bill's file is dropped or chosen: one PDF or image. */
export function BillFileDrop({
  value,
  onChange,
  error,
  label = 'File',
  required = false,
  description,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  label?: string;
  required?: boolean;
  description?: string;
}) {
  return (
    <FileDrop
      value={value}
      onChange={onChange}
      error={error}
      label={label}
      required={required}
      description={description ?? 'PDF, PNG, JPEG or WebP, at most 10 MB'}
      accept={BILL_FILE_ACCEPT}
      emptyText="Drop the supplier's invoice here, or choose the file."
      formatSize={formatFileSize}
      testId="bill-file"
    />
  );
}
