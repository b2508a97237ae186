import { toFixedText } from '@app/shared/rates/rate-math';
import { REQUEST_MESSAGES } from '@app/shared/requests/requests.messages';
import { DEADLINE_PAYMENT_TYPES } from '@app/shared/value-lists';
import { ActionIcon, Alert, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { DateField, SelectField, TextField } from '../../../../ui/form/form-fields.tsx';
import { deadlinesOverCost, deadlinesTotal, type LineControl } from './line-form-values.ts';

/** `1234567.5` -> `1 234 567.50` without a float. */
function grouped(amount: string): string {
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  return `${amount.startsWith('-') ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${`${fraction}00`.slice(0, 2)}`;
}

/**
 * The supplier's payment schedule of one line: Prepayment, Part payment, Final payment, each with
 * its due date and amount in the line's cost currency. The running total is shown against the cost,
 * and a schedule over the cost is refused here as the server would.
 */
export function DeadlinesEditor({ control, disabled = false }: { control: LineControl; disabled?: boolean }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'deadlines' });
  const [deadlines, cost, currency] = useWatch({ control, name: ['deadlines', 'cost', 'cost_currency'] });
  const { errors } = useFormState({ control, name: 'deadlines' });
  const over = deadlinesOverCost({ cost, deadlines });
  const rootError = (errors.deadlines as { root?: { message?: string }; message?: string } | undefined)
    ?.message;
  const total = toFixedText(deadlinesTotal(deadlines), 2);
  return (
    <Fieldset legend="Deadline payments" radius="md">
      <Stack gap="sm">
        {fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            No deadline payments. Add the supplier's schedule: prepayment, part payment, final payment.
          </Text>
        ) : null}
        {fields.map((field, index) => (
          <Group
            key={field.id}
            align="flex-start"
            gap="sm"
            wrap="wrap"
            role="group"
            aria-label={`Deadline payment ${index + 1}`}
          >
            <div style={{ flex: '1 1 10rem' }}>
              <SelectField
                control={control}
                name={`deadlines.${index}.type`}
                label="Payment"
                data={DEADLINE_PAYMENT_TYPES}
                required
                disabled={disabled}
              />
            </div>
            <div style={{ flex: '1 1 9rem' }}>
              <DateField
                control={control}
                name={`deadlines.${index}.due_date`}
                label="Due date"
                required
                disabled={disabled}
              />
            </div>
            <div style={{ flex: '1 1 9rem' }}>
              <TextField
                control={control}
                name={`deadlines.${index}.amount`}
                label={`Amount${currency ? ` (${currency})` : ''}`}
                mask={{ kind: 'number', scale: 2, min: 0 }}
                required
                disabled={disabled}
              />
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={26}
              aria-label={`Remove deadline payment ${index + 1}`}
              onClick={() => remove(index)}
              disabled={disabled}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Button
            variant="light"
            size="xs"
            onClick={() => append({ type: null, due_date: '', amount: '' })}
            disabled={disabled || fields.length >= 20}
          >
            Add deadline payment
          </Button>
          {fields.length > 0 ? (
            <Text size="sm" c={over ? 'red' : 'dimmed'} data-testid="deadlines-total">
              Scheduled {grouped(total)} of {cost ? grouped(cost) : '—'} {currency ?? ''}
            </Text>
          ) : null}
        </Group>
        {over || rootError ? (
          <Alert color="red" role="alert" p="xs">
            {rootError ?? REQUEST_MESSAGES.deadlinesOverCost}
          </Alert>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
