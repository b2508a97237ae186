import type { RequestKind } from '@app/shared/requests/requests.status';
import { ActionIcon, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { type Control, useWatch } from 'react-hook-form';
import { formatMoney, isNegative } from '../../../../lib/format/format-money.ts';
import { ServiceLineFields } from '../line-fields/service-line-fields.tsx';
import type { Valuation } from './line-margin.ts';
import type { RequestFormOutput, RequestFormValues } from './request-form-values.ts';

export type RequestControl = Control<RequestFormValues, unknown, RequestFormOutput>;

/** The line's margin in the company's base currency, red when negative, or why it is not shown. */
export function MarginText({ valuation, base }: { valuation: Valuation | undefined; base: string | null }) {
  if (!valuation || !base || valuation.kind === 'incomplete')
    return (
      <Text size="sm" c="dimmed">
        Margin —
      </Text>
    );
  if (valuation.kind === 'no-rate')
    return (
      <Text size="sm" c="orange.8">
        No rate {valuation.currency} → {base}
      </Text>
    );
  const negative = isNegative(valuation.value.margin);
  return (
    <Text size="sm" data-testid="line-margin" data-negative={negative ? 'true' : undefined}>
      Margin{' '}
      <Text span fw={700} c={negative ? 'red.7' : 'teal.8'}>
        {formatMoney(valuation.value.margin, base)}
      </Text>
    </Text>
  );
}

/**
 * One service line of a new request, as a card: its number and type, its margin at the current
 * rates, a Remove button, and the line's fields (`ServiceLineFields`, shared with the line drawer).
 */
export function LineCard({
  kind,
  index,
  control,
  valuation,
  base,
  onRemove,
}: {
  kind: RequestKind;
  index: number;
  control: RequestControl;
  valuation: Valuation | undefined;
  base: string | null;
  /** Absent when this is the only line. */
  onRemove?: () => void;
}) {
  const type = useWatch({ control, name: `lines.${index}.service_type` });
  const n = index + 1;

  return (
    <Paper withBorder radius="md" p="md" component="fieldset" aria-label={`Line ${n}`} m={0}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Title order={3} size="h5">
              Line {n}
              {type ? ` · ${type}` : ''}
            </Title>
            <MarginText valuation={valuation} base={base} />
          </Group>
          {onRemove ? (
            <Tooltip label={`Remove line ${n}`}>
              <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove line ${n}`}>
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>

        <ServiceLineFields control={control} prefix={`lines.${index}.`} kind={kind} layout="grid" />
      </Stack>
    </Paper>
  );
}
