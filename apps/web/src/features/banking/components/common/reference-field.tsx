import { TRANSACTION_REFERENCE_MAX } from '@app/shared/banking/transactions.schemas';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { TextAreaField } from '../../../../ui/form/form-fields.tsx';

/** A bank line's text (`reference`), in every form that enters or edits one; Enter saves the form. */
export function ReferenceField<T extends FieldValues & { reference: string }, O extends FieldValues>({
  control,
  onEnter,
  description,
}: {
  control: Control<T, unknown, O>;
  onEnter: () => void;
  description?: string;
}) {
  return (
    <TextAreaField
      control={control}
      name={'reference' as Path<T>}
      label="Reference"
      description={description}
      rows={2}
      maxLength={TRANSACTION_REFERENCE_MAX}
      onEnter={onEnter}
    />
  );
}
