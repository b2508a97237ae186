import type { Transaction } from '@app/shared/banking/transactions.schemas';
import { toDecimal } from '@app/shared/rates/rate-math';
import type { TransactionType } from '@app/shared/value-lists';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Input, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { errorDetail, hasFieldErrors, isHttpError } from '../../../../lib/http/http-error.ts';
import { DialogFooter } from '../../../../ui/form/dialog-footer.tsx';
import { DateField, SelectField, TextField } from '../../../../ui/form/form-fields.tsx';
import { Picker } from '../../../../ui/picker/picker.tsx';
import { Select } from '../../../../ui/select/select.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useCreateTransaction } from '../../api/transactions/create-transaction.ts';
import { useBankCards } from '../../api/transactions/list-bank-cards.ts';
import { useUpdateTransaction } from '../../api/transactions/update-transaction.ts';
import { CurrencyTag } from '../common/currency-tag.tsx';
import { autofocusRef, localToday } from '../common/dialog-focus.ts';
import { ReferenceField } from '../common/reference-field.tsx';
import { TransferEditForm } from '../transfers/transfer-edit-form.tsx';
import { CounterpartyField } from './counterparty-field.tsx';
import {
  createTransactionBody,
  emptyTransactionForm,
  LINE_TYPE_OPTIONS,
  needsClient,
  TRANSACTION_FORM_FIELDS,
  type TransactionFormInput,
  type TransactionFormOutput,
  TransactionFormSchema,
  takesCard,
  transactionFormValues,
  updateTransactionBody,
  usualCounterparty,
  wayOptions,
} from './transaction-form-values.ts';

const STALE =
  'This transaction was changed by someone else while you were editing it. Close this dialog and open it again to see the latest version.';

/** The account as its picker answers it: the currency of the line comes from it. */
interface BankChoice {
  id: number;
  named: string;
  currency: string | null;
}

/**
 * "New transaction" (`transaction` null) or editing one (a transfer leg: its date and reference): the account, type and the ways that type
 * takes, date, amount in the account's currency, counterparty, the bank's text and, for a SPEND,
 * the card used. The server's field messages go under their fields; a refused rule is shown in
 * the dialog. Enter saves, Escape closes.
 */
export function TransactionDialog({
  opened,
  transaction,
  onClose,
  onSaved,
}: {
  opened: boolean;
  transaction: Transaction | null;
  onClose: () => void;
  onSaved?: (transaction: Transaction) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        transaction
          ? `Edit ${transaction.pair ? 'transfer' : 'transaction'} ${transaction.id}`
          : 'New transaction'
      }
      size="lg"
      fullScreen={phone}
    >
      {opened && transaction?.pair ? (
        <TransferEditForm
          key={transaction.id}
          transaction={transaction}
          onClose={onClose}
          onSaved={(saved) => {
            onClose();
            onSaved?.(saved);
          }}
        />
      ) : opened ? (
        <TransactionForm
          key={transaction?.id ?? 'new'}
          transaction={transaction}
          onClose={onClose}
          onSaved={(saved) => {
            onClose();
            onSaved?.(saved);
          }}
        />
      ) : null}
    </Modal>
  );
}

function TransactionForm({
  transaction,
  onClose,
  onSaved,
}: {
  transaction: Transaction | null;
  onClose: () => void;
  onSaved: (transaction: Transaction) => void;
}) {
  const create = useCreateTransaction();
  const update = useUpdateTransaction();
  const [bank, setBank] = useState<BankChoice | null>(
    transaction
      ? { id: transaction.bank.id, named: transaction.bank.named, currency: transaction.currency }
      : null,
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<
    TransactionFormInput,
    unknown,
    TransactionFormOutput
  >({
    defaultValues: transaction ? transactionFormValues(transaction) : emptyTransactionForm(localToday()),
    resolver: zodResolver(TransactionFormSchema) as never,
  });
  const [type, way, kind] = useWatch({ control, name: ['type', 'way', 'counterparty_kind'] });
  const clientOnly = needsClient(type, way);
  const cards = useBankCards(bank && takesCard(type) ? bank.id : null);
  // a matched line keeps its amount, date, type and way until its allocations are undone
  const matched = transaction !== null && !(toDecimal(transaction.allocated_amount)?.isZero() ?? true);

  const chooseType = (next: TransactionType) => {
    setValue('type', next);
    // the way must be one the type takes; 'pay' is in every list
    if (!wayOptions(next).some((w) => w.value === getValues('way'))) setValue('way', 'pay');
    if (!takesCard(next)) setValue('card', null);
    if (getValues('counterparty') === null) setValue('counterparty_kind', usualCounterparty(next));
    keepClient();
  };
  // a credit or a use of credit is a client's: a supplier chosen before is dropped
  const keepClient = () => {
    if (!needsClient(getValues('type'), getValues('way')) || getValues('counterparty_kind') === 'client')
      return;
    setValue('counterparty_kind', 'client');
    setValue('counterparty', null);
  };

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const saved = transaction
        ? await update.mutateAsync({ id: transaction.id, body: updateTransactionBody(values, transaction) })
        : await create.mutateAsync(createTransactionBody(values));
      toast.success(transaction ? 'Transaction saved.' : `Transaction ${saved.id} entered.`);
      onSaved(saved);
    } catch (error) {
      if (isHttpError(error) && error.status === 409) setRefusal(STALE);
      else if (hasFieldErrors(error))
        showServerFieldErrors(error, TRANSACTION_FORM_FIELDS, setFormError(setError));
      else setRefusal(errorDetail(error) ?? 'The transaction could not be saved. Try again.');
    }
  });

  const currency = bank?.currency ?? null;
  const fixedNote = matched ? 'Matched: unmatch it first to change this' : undefined;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={transaction ? 'Edit transaction' : 'New transaction'}
    >
      <Stack gap="md">
        {transaction ? (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Bank account
            </Text>
            <Text size="sm" data-testid="transaction-bank">
              {transaction.bank.named} · {transaction.bank.company.code}
            </Text>
          </Stack>
        ) : (
          <Controller
            control={control}
            name="bank"
            render={({ field, fieldState }) => (
              <Picker
                label="Bank account"
                object="banks"
                displayField="named"
                extraField="company_code"
                placeholder="The account the money moved on"
                required
                name={field.name}
                ref={autofocusRef(field.ref)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                value={field.value}
                onChange={(id, item) => {
                  field.onChange(id === null ? null : Number(id));
                  const own = item?.currency;
                  setBank(
                    id === null
                      ? null
                      : {
                          id: Number(id),
                          named: String(item?.named ?? ''),
                          currency: typeof own === 'string' ? own : null,
                        },
                  );
                  setValue('card', null);
                }}
              />
            )}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <Controller
            control={control}
            name="type"
            render={({ field, fieldState }) => (
              <Select
                label="Type"
                data={LINE_TYPE_OPTIONS}
                displayField="named"
                required
                clearable={false}
                disabled={matched}
                description={fixedNote}
                name={field.name}
                ref={transaction ? autofocusRef(field.ref) : field.ref}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                value={field.value}
                onChange={(next) => next !== null && chooseType(next as TransactionType)}
              />
            )}
          />
          <DateField control={control} name="date" label="Date" required disabled={matched} />
        </SimpleGrid>
        <Controller
          control={control}
          name="way"
          render={({ field, fieldState }) => (
            <Radio.Group
              label="Way"
              required
              name={field.name}
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                keepClient();
              }}
              error={fieldState.error?.message}
            >
              <Group gap="lg" mt={6}>
                {wayOptions(type).map((w) => (
                  <Radio key={w.value} value={w.value} label={w.label} disabled={matched} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextField
            control={control}
            name="amount"
            label="Amount"
            required
            disabled={matched}
            mask={{ kind: 'number', scale: 2, min: 0 }}
            inputMode="decimal"
            rightSection={<CurrencyTag currency={currency} />}
          />
          <Input.Wrapper label="Currency" description="The account's own">
            <Text size="sm" mt={6} data-testid="transaction-currency">
              {currency ?? 'Choose the account first'}
            </Text>
          </Input.Wrapper>
        </SimpleGrid>
        <Controller
          control={control}
          name="counterparty"
          render={({ field, fieldState }) => (
            <CounterpartyField
              kind={kind}
              clientOnly={clientOnly}
              value={field.value}
              initialItem={
                transaction?.counterparty
                  ? { id: transaction.counterparty.id, named: transaction.counterparty.name }
                  : undefined
              }
              error={fieldState.error?.message}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onKindChange={(next) => {
                setValue('counterparty_kind', next);
                field.onChange(null);
              }}
              onChange={(id) => field.onChange(id)}
            />
          )}
        />
        <ReferenceField
          control={control}
          description="The bank's text of the line: invoice numbers in it help matching"
          onEnter={() => void submit()}
        />
        {takesCard(type) ? (
          <SelectField
            control={control}
            name="card"
            label="Bank card"
            data={(cards.data ?? []).map((c) => ({
              value: c.id,
              named: `${c.brand} •••• ${c.last_four} · ${c.holder}`,
            }))}
            displayField="named"
            placeholder={bank ? 'Not paid by card' : 'Choose the account first'}
            description="The company card this SPEND was paid with"
            disabled={!bank}
            nothingFound="No cards on this account"
          />
        ) : null}
        <DialogFooter
          refusal={refusal}
          refusalTitle="Not saved"
          submitLabel={transaction ? 'Save changes' : 'Enter transaction'}
          submitting={formState.isSubmitting}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}
