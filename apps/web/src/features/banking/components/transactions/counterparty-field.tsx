import type { CounterpartyKind } from '@app/shared/banking/transactions.schemas';
import { SegmentedControl, Stack } from '@mantine/core';
import type { Ref } from 'react';
import { Picker, type PickerItem } from '../../../../ui/picker/picker.tsx';

const KIND_DATA = [
  { value: 'client', label: 'Client' },
  { value: 'supplier', label: 'Supplier' },
];

/**
 * Who the money came from or went to: a client or a supplier, then the record. Changing the kind
 * empties the choice (a client's id is not a supplier's).
 */
export function CounterpartyField({
  kind,
  clientOnly = false,
  value,
  initialItem,
  error,
  disabled,
  inputRef,
  onKindChange,
  onChange,
  onBlur,
}: {
  kind: CounterpartyKind;
  /** A credit or a use of credit: a client's, and required. */
  clientOnly?: boolean;
  value: number | null;
  /** The current counterparty's name, so the picker needs no lookup. */
  initialItem?: PickerItem | undefined;
  error?: string | undefined;
  disabled?: boolean;
  inputRef?: Ref<HTMLButtonElement | HTMLInputElement>;
  onKindChange: (kind: CounterpartyKind) => void;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
}) {
  return (
    <Stack gap={4}>
      <SegmentedControl
        size="xs"
        data={KIND_DATA}
        value={kind}
        disabled={disabled || clientOnly}
        aria-label="Counterparty kind"
        onChange={(next) => onKindChange(next as CounterpartyKind)}
        style={{ alignSelf: 'flex-start' }}
      />
      <Picker
        key={kind}
        label={kind === 'client' ? 'Client' : 'Supplier'}
        object={kind === 'client' ? 'clients' : 'suppliers'}
        displayField="named"
        placeholder={kind === 'client' ? 'Who paid or was paid' : 'Who was paid or paid back'}
        required={clientOnly}
        description={clientOnly ? 'A credit or a use of credit is a client’s balance' : undefined}
        value={value}
        initialItems={initialItem ? [initialItem] : undefined}
        error={error}
        disabled={disabled}
        ref={inputRef}
        onBlur={onBlur}
        onChange={(id) => onChange(id === null ? null : Number(id))}
      />
    </Stack>
  );
}
