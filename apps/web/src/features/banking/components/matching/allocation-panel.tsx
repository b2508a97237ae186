import type { Allocation, AllocationBody } from '@app/shared/banking/allocations.schemas';
import { isReceiveType, type Transaction } from '@app/shared/banking/transactions.schemas';
import { Button, Group, Kbd, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { TextInput } from '../../../../ui/text-input/text-input.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useCreateAllocation } from '../../api/allocations/create-allocation.ts';
import { useAllocationPreview } from '../../api/allocations/preview-allocation.ts';
import { OPEN_DOCUMENT_LABELS } from '../../api/matching/open-document.ts';
import { AllocationPreviewFigures } from './allocation-preview.tsx';
import { type AllocationChoice, allocationBody, impliedRate, isCrossCurrency } from './allocation-values.ts';
import { allocateLabel } from './document-table.tsx';
import { useMatchingKeys } from './use-matching-keyboard.ts';

/** The preview is asked once typing pauses. */
export const PREVIEW_DEBOUNCE_MS = 400;

const AMOUNT_MASK = { kind: 'number', scale: 2, min: 0 } as const;

/**
 * Allocating part of the bank line to one document: the amount in the line's currency (and, across
 * currencies, in the document's, with the rate they imply), a preview from the server of what would
 * be stored, then Enter posts and Esc cancels.
 */
export function AllocationPanel({
  transaction,
  choice,
  onCancel,
  onPosted,
}: {
  transaction: Transaction;
  choice: AllocationChoice;
  onCancel: () => void;
  onPosted: (allocation: Allocation) => void;
}) {
  const document = choice.document;
  const cross = isCrossCurrency(transaction, document);
  const credit = transaction.is_credit;
  const label = OPEN_DOCUMENT_LABELS[document.kind];
  const [amount, setAmount] = useState(choice.amount);
  const [invoiceAmount, setInvoiceAmount] = useState(choice.invoiceAmount);
  const amountRef = useRef<HTMLInputElement>(null);
  const invoiceAmountRef = useRef<HTMLInputElement>(null);

  // the person types at once: the amount, or the document's side when nothing proposed it
  useEffect(() => {
    const input = cross && !choice.invoiceAmount ? invoiceAmountRef.current : amountRef.current;
    input?.focus();
    input?.select();
  }, [cross, choice.invoiceAmount]);

  const body = useMemo(
    () => allocationBody(transaction, document, amount, invoiceAmount),
    [transaction, document, amount, invoiceAmount],
  );
  const bodyText = body ? JSON.stringify(body) : '';
  const [asked] = useDebouncedValue(bodyText, PREVIEW_DEBOUNCE_MS);
  const previewBody = useMemo(() => (asked ? (JSON.parse(asked) as AllocationBody) : null), [asked]);
  const preview = useAllocationPreview(previewBody);
  const stale = asked !== bodyText || preview.isPlaceholderData;
  const rate = cross ? impliedRate(amount, invoiceAmount) : null;
  const create = useCreateAllocation();

  const post = (event?: FormEvent) => {
    event?.preventDefault();
    if (!body || create.isPending) return;
    create.mutate(body, {
      onSuccess: (allocation) => {
        toast.success(
          credit
            ? `${formatMoney(allocation.amount, allocation.currency)} of the client's balance paid ${document.number}`
            : `${formatMoney(allocation.amount, allocation.currency)} allocated to ${document.number}`,
          credit ? 'Paid from balance' : 'Allocated',
        );
        onPosted(allocation);
      },
    });
  };

  // the same keys with the focus elsewhere on the screen (after a click on a figure, say)
  useMatchingKeys((key) => {
    if (key === 'Escape') onCancel();
    else if (key === 'Enter') post();
    else return false;
    return true;
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  const action = allocateLabel(credit);
  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-body)" shadow="sm">
      <form aria-label="Allocation" onSubmit={post} onKeyDown={onKeyDown} noValidate>
        <Stack gap="sm">
          <Stack gap={0}>
            <Title order={3} size="h5">
              {credit ? `Pay ${document.number} from balance (Deposit)` : `Allocate to ${document.number}`}
            </Title>
            <Text size="sm" c="dimmed">
              {document.counterparty.name} · open on the {label}{' '}
              <Text span fw={600} c="var(--mantine-color-text)">
                {formatMoney(document.open_amount, document.currency)}
              </Text>
            </Text>
          </Stack>
          <SimpleGrid cols={cross ? 2 : 1} spacing="sm">
            <TextInput
              ref={amountRef}
              label={`Amount in ${transaction.currency}`}
              description={`Open on the bank line ${formatMoney(transaction.open_amount, transaction.currency)}`}
              mask={AMOUNT_MASK}
              value={amount}
              onChange={setAmount}
              required
            />
            {cross ? (
              <TextInput
                ref={invoiceAmountRef}
                label={`Amount in ${document.currency}`}
                description={`What the ${label} is settled by`}
                mask={AMOUNT_MASK}
                value={invoiceAmount}
                onChange={setInvoiceAmount}
                required
              />
            ) : null}
          </SimpleGrid>
          {cross ? (
            <Text size="sm" data-testid="implied-rate">
              {rate
                ? `Rate 1 ${transaction.currency} = ${rate} ${document.currency}`
                : `Give both amounts: the ${label} is in ${document.currency}.`}
            </Text>
          ) : null}
          <AllocationPreviewFigures
            preview={preview.data}
            documentKind={document.kind}
            receive={isReceiveType(transaction.type)}
            stale={stale}
            error={preview.error}
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={onCancel}
              rightSection={
                <Kbd size="xs" aria-hidden="true">
                  Esc
                </Kbd>
              }
            >
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!body}
              loading={create.isPending}
              rightSection={
                <Kbd size="xs" aria-hidden="true">
                  Enter
                </Kbd>
              }
            >
              {action}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
