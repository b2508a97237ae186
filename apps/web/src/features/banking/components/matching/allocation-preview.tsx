import type { AllocationPreview as Preview } from '@app/shared/banking/allocations.schemas';
import { Alert, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { codeTitle } from '../../../../lib/http/error-toast.ts';
import { errorDetail, isHttpError } from '../../../../lib/http/http-error.ts';
import { OPEN_DOCUMENT_LABELS, type OpenDocumentKind } from '../../api/matching/open-document.ts';
import { FxDifference, TABULAR } from './matching-money.tsx';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text span size="sm" style={TABULAR}>
        {children}
      </Text>
    </Group>
  );
}

/** The server's refusal as the toast would title it: 'Over allocation: Allocation of … exceeds …'. */
export function refusalText(error: unknown): { title: string; message: string } | null {
  if (!isHttpError(error)) return null;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  const first = Array.isArray(errors) ? (errors[0] as { code?: unknown } | undefined) : undefined;
  const title = typeof first?.code === 'string' ? codeTitle(first.code) : 'Refused';
  return { title, message: errorDetail(error) ?? 'The allocation cannot be previewed.' };
}

/**
 * What posting would store, before it is posted: both sides in the base currency, the realised FX
 * gain or loss, and what stays open on each side.
 */
export function AllocationPreviewFigures({
  preview,
  documentKind,
  receive,
  stale,
  error,
}: {
  preview: Preview | undefined;
  documentKind: OpenDocumentKind;
  receive: boolean;
  /** The amounts changed since this preview was asked: shown dimmed until the next one. */
  stale: boolean;
  error: unknown;
}) {
  const refusal = refusalText(error);
  if (refusal && !stale)
    return (
      <Alert color="red" title={refusal.title} role="alert" data-testid="preview-refusal">
        {refusal.message}
      </Alert>
    );
  if (!preview) return null;
  const label = OPEN_DOCUMENT_LABELS[documentKind];
  const base = preview.base_currency;
  return (
    <Stack
      gap={4}
      aria-label="Preview"
      aria-busy={stale}
      component="section"
      style={{ opacity: stale ? 0.5 : 1, transition: 'opacity 150ms' }}
    >
      <Line label={receive ? `Received, in ${base} at the day's rate` : `Paid, in ${base} at the day's rate`}>
        {formatMoney(preview.base_amount, base)}
      </Line>
      <Line label={`The ${label}'s share at its stamped rate`}>
        {formatMoney(preview.document_base_amount, base)}
      </Line>
      <Line label="Realised FX difference">
        <FxDifference amount={preview.fx_difference} currency={base} />
      </Line>
      <Line label="Open on the bank line after">
        {formatMoney(preview.transaction_open_after, preview.currency)}
      </Line>
      <Line label={`Open on the ${label} after`}>
        {formatMoney(preview.document_open_after, preview.document_currency)}
      </Line>
      {preview.settles_document ? (
        <Text size="sm" fw={600} c="teal.8" data-testid="settles-document">
          This pays the {label} in full
        </Text>
      ) : null}
    </Stack>
  );
}
