import { buyKey, PAIRS, pairLabel, sellKey } from '@app/shared/rates/currencies';
import { buildPairsObj, buildRateSetEntries, type PairsObj } from '@app/shared/rates/rate-lookup';
import {
  buySellProblem,
  type RateRecord,
  type RateSet,
  rateValueProblem,
} from '@app/shared/rates/rates.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, List, Modal, Stack, Table, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { TextInput } from '../../../ui/text-input/text-input.tsx';
import { useCreateRates } from '../api/create-rates.ts';
import classes from './exchange-rate-dialog.module.css';
import { inputRate, normaliseRateInput } from './rate-format.ts';
import { RATE_MOVE_LIMIT, type RateMove, rateMoves } from './rate-moves.ts';

export const EXCHANGE_RATES_PATH = '/accounting/exchange-rates';

/** The form's fields: sell_{original}_{target} and buy_{original}_{target} of each pair. */
export const RATE_FIELDS = PAIRS.flatMap((p) => [
  sellKey(p.original, p.target),
  buyKey(p.original, p.target),
]);

/** A typed rate: normalised ('.5' is 0.5, '1.' is 1), then checked as the API checks it. */
const RateField = z
  .string()
  .transform(normaliseRateInput)
  .superRefine((value, ctx) => {
    const problem = rateValueProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
/** The API's pair rule too: each pair's buy at least its sell, shown under the buy input. */
const RatesFormSchema = z
  .object(Object.fromEntries(RATE_FIELDS.map((f) => [f, RateField])))
  .superRefine((values, ctx) => {
    for (const { original, target } of PAIRS) {
      const buy = buyKey(original, target);
      const problem = buySellProblem(values[sellKey(original, target)] ?? '', values[buy] ?? '');
      if (problem) ctx.addIssue({ code: 'custom', path: [buy], message: problem });
    }
  });
type RatesForm = Record<string, string>;

export type DialogType = 'create' | 'update';

export interface ExchangeRateDialogProps {
  opened: boolean;
  /** 'update' makes every input read-only (spec 2.5). @default 'create' */
  type?: DialogType;
  /** An existing record's id: the title becomes 'Update exchange rate' and the button 'Update'. */
  recordId?: number | null;
  /** A previous set of rates to pre-fill the form: its records, or their pairsObj. */
  previous?: readonly RateRecord[] | PairsObj | null;
  /**
   * The newest stored set, which a save replaces: a rate more than 20% away from its same pair asks
   * for confirmation first. Without it the pre-fill set is the reference.
   */
  current?: readonly RateRecord[] | PairsObj | null;
  /** The close notification: the stored set after a save, nothing when closed otherwise. */
  onClose: (result?: RateSet) => void;
}

function pairsOf(set: ExchangeRateDialogProps['previous']): PairsObj {
  return Array.isArray(set) ? buildPairsObj(set) : ((set as PairsObj | null | undefined) ?? {});
}

function initialValues(previous: ExchangeRateDialogProps['previous']): RatesForm {
  const pairs = pairsOf(previous);
  return Object.fromEntries(RATE_FIELDS.map((f) => [f, inputRate(pairs[f])]));
}

/** A valid submit held back because some rates moved far: what would be sent, and why it waits. */
interface PendingSave {
  values: RatesForm;
  moves: RateMove[];
}

/**
 * The exchange rate dialog of spec 2.5 and its states (spec 4): idle; a valid submit is loading
 * until createRates answers; success hands the stored set to the closer and goes to the
 * exchange-rates page; failure only ends loading (the HTTP layer has already reported it).
 */
export function ExchangeRateDialog({
  opened,
  type = 'create',
  recordId,
  previous,
  current,
  onClose,
}: ExchangeRateDialogProps) {
  const navigate = useNavigate();
  const createRates = useCreateRates();
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<PendingSave | null>(null);
  const readOnly = type === 'update';
  const isExisting = recordId !== null && recordId !== undefined;

  const form = useForm<RatesForm>({
    resolver: zodResolver(RatesFormSchema),
    defaultValues: initialValues(previous),
    mode: 'onTouched',
  });
  const { reset } = form;

  // Each opening starts from the supplied set (or empty).
  useEffect(() => {
    if (opened) {
      reset(initialValues(previous));
      setPending(null);
    }
  }, [opened, previous, reset]);

  const save = async (values: RatesForm) => {
    setPending(null);
    setSaving(true);
    try {
      const result = await createRates.mutateAsync(buildRateSetEntries(values));
      onClose(result);
      void navigate(EXCHANGE_RATES_PATH);
    } catch {
      // spec 8: a failed rate creation shows nothing more; only loading ends.
    } finally {
      setSaving(false);
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      // a renewal stores the same values again; a new set that moved far waits for a second look
      const moves = readOnly ? [] : rateMoves(values, pairsOf(current ?? previous));
      if (moves.length > 0) {
        setPending({ values, moves });
        return;
      }
      await save(values);
    },
    // An invalid submit sends nothing; every field counts as touched, so every problem shows.
    () => {
      for (const field of RATE_FIELDS) form.setValue(field, form.getValues(field), { shouldTouch: true });
    },
  );

  return (
    <Modal
      opened={opened}
      onClose={() => onClose()}
      title={isExisting ? 'Update exchange rate' : 'New exchange rate'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={3} size="h5">
            Main info
          </Title>
          <Table verticalSpacing={6} withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pairs</Table.Th>
                <Table.Th>Sell</Table.Th>
                <Table.Th>Buy</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {PAIRS.map((pair) => {
                const label = pairLabel(pair);
                return (
                  <Table.Tr key={label}>
                    <Table.Td fw={500} style={{ whiteSpace: 'nowrap' }}>
                      {label}
                    </Table.Td>
                    {[sellKey(pair.original, pair.target), buyKey(pair.original, pair.target)].map(
                      (field) => (
                        <Table.Td key={field}>
                          <Controller
                            control={form.control}
                            name={field}
                            render={({ field: f, fieldState }) => (
                              <TextInput
                                id={field}
                                name={field}
                                aria-label={`${field.startsWith('sell') ? 'Sell' : 'Buy'} ${label}`}
                                placeholder="rate*"
                                mask={{ kind: 'numeric' }}
                                required
                                readOnly={readOnly}
                                className={readOnly ? classes.readOnly : undefined}
                                value={f.value}
                                onChange={(value) => {
                                  f.onChange(value);
                                  // the confirmation was about other values
                                  setPending(null);
                                  // a new sell can make or mend 'Buy must be at least sell'
                                  const buy = buyKey(pair.original, pair.target);
                                  if (field !== buy && form.getFieldState(buy).isTouched)
                                    void form.trigger(buy);
                                }}
                                onBlur={() => {
                                  // show what will be sent: '.5' as 0.5, '1.' as 1
                                  const written = normaliseRateInput(f.value ?? '');
                                  if (!readOnly && written !== f.value) f.onChange(written);
                                  f.onBlur();
                                }}
                                ref={f.ref}
                                error={fieldState.error?.message}
                              />
                            )}
                          />
                        </Table.Td>
                      ),
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {pending ? (
            <Alert
              color="orange"
              variant="light"
              role="alertdialog"
              data-testid="rate-moves"
              title={`${pending.moves.length === 1 ? 'This rate moved' : 'These rates moved'} more than ${
                RATE_MOVE_LIMIT * 100
              }% from the current set. Save anyway?`}
            >
              <Stack gap="xs">
                <List size="sm" spacing={2}>
                  {pending.moves.map((move) => (
                    <List.Item key={move.label}>
                      {move.label}: {move.from} → {move.to} ({move.change})
                    </List.Item>
                  ))}
                </List>
                <Group justify="flex-end" gap="xs">
                  <Button variant="default" onClick={() => setPending(null)}>
                    Cancel
                  </Button>
                  <Button color="orange" onClick={() => void save(pending.values)}>
                    Save anyway
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Group justify="flex-end">
              <Button type="submit" loading={saving} disabled={saving}>
                {isExisting ? 'Update' : 'Create'}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
