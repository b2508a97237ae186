import type { CompanyItem } from '@app/shared/directory/index';
import type { CreateRequestBody } from '@app/shared/requests/requests.schemas';
import { REQUEST_LINES_MAX } from '@app/shared/requests/requests.schemas';
import type { RequestKind } from '@app/shared/requests/requests.status';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Controller,
  type FieldErrors,
  get,
  type Resolver,
  set,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney, isNegative } from '../../../../lib/format/format-money.ts';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { TextAreaField } from '../../../../ui/form/form-fields.tsx';
import { Picker } from '../../../../ui/picker/picker.tsx';
import { Select } from '../../../../ui/select/select.tsx';
import { useCurrentRates } from '../../api/get-current-rates.ts';
import { newLine } from '../line-fields/line-values.ts';
import { ManagerField } from '../managers/manager-field.tsx';
import { LineCard } from './line-card.tsx';
import { totalOf, type Valuation, valueLine } from './line-margin.ts';
import {
  BLACKLISTED_CLIENT,
  createBody,
  crossFieldErrors,
  type RequestFormOutput,
  RequestFormSchema,
  type RequestFormValues,
} from './request-form-values.ts';

const schemaResolver = zodResolver(RequestFormSchema) as unknown as Resolver<
  RequestFormValues,
  unknown,
  RequestFormOutput
>;

/** The schema's messages and the cross-field rules together, so every message shows at once. */
function formResolver(kind: RequestKind): Resolver<RequestFormValues, unknown, RequestFormOutput> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const extra = Object.entries(crossFieldErrors(kind, values));
    if (extra.length === 0) return result;
    const errors = { ...result.errors } as FieldErrors<RequestFormValues>;
    for (const [path, message] of extra) {
      if (get(errors, path)) continue;
      set(errors, path, { type: 'custom', message });
    }
    return { values: {}, errors };
  };
}

/** The server's field names this form shows; anything else is toasted with its name. */
const FORM_FIELDS = [
  'company_id',
  'client_id',
  'fo_manager_id',
  'bo_manager_id',
  'region_id',
  'description',
  'lines',
] as const;

type ClientChoice = Readonly<{ id: number; named: string; blacklisted?: boolean } & Record<string, unknown>>;

export interface RequestFormProps {
  kind: RequestKind;
  initial: RequestFormValues;
  /** The request companies (BSLF, TPRO, AIRS) with their base currency. */
  companies: readonly CompanyItem[];
  /** The signed-in manager and office, so the pickers show their names without a preload. */
  known: {
    manager?: { id: number; named: string } | null;
    office?: { id: number; title: string; ccy: string } | null;
  };
  /** Saves; a rejection with the server's answer is shown on the form. */
  onSubmit: (body: CreateRequestBody) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A new request with its first lines, saved together: company, client (a blacklisted one is
 * refused at once), managers, office and description, then the service lines with each line's
 * margin and the total in the company's base currency at the newest rates.
 */
export function RequestForm({ kind, initial, companies, known, onSubmit, onCancel }: RequestFormProps) {
  const resolver = useMemo(() => formResolver(kind), [kind]);
  const form = useForm<RequestFormValues, unknown, RequestFormOutput>({
    resolver,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { control, setValue, setError, clearErrors, getValues } = form;
  const lines = useFieldArray({ control, name: 'lines' });
  const [client, setClient] = useState<ClientChoice | null>(null);
  const officeCcy = useRef<string | null>(known.office?.ccy ?? null);

  // a company is always chosen: the one whose currency is the office's, else the first
  useEffect(() => {
    if (getValues('company_id') !== null || companies.length === 0) return;
    const own = companies.find((c) => c.base_currency === known.office?.ccy) ?? companies[0];
    if (own) setValue('company_id', own.id);
  }, [companies, getValues, setValue, known.office?.ccy]);

  const companyId = useWatch({ control, name: 'company_id' });
  const watched = useWatch({ control, name: 'lines' });
  const base = companies.find((c) => c.id === companyId)?.base_currency ?? null;
  const rates = useCurrentRates();
  const rateSet = rates.data ?? null;
  const valuations: Valuation[] = useMemo(
    () => (rateSet && base ? watched.map((line) => valueLine(line, base, rateSet.rates)) : []),
    [watched, base, rateSet],
  );
  const total = totalOf(valuations);
  // nothing to add up until at least one line has its amounts and a rate
  const shown = base !== null && rateSet !== null && total.left_out < valuations.length;

  const blacklisted = client?.blacklisted === true;
  const submit = form.handleSubmit(async (values) => {
    if (blacklisted) {
      setError('client_id', { type: 'server', message: BLACKLISTED_CLIENT }, { shouldFocus: true });
      return;
    }
    try {
      await onSubmit(createBody(kind, values));
    } catch (error) {
      showServerFieldErrors(error, FORM_FIELDS, setFormError(setError));
    }
  });

  const busy = form.formState.isSubmitting;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={kind === 'accounting' ? 'New accounting request' : 'New request'}
    >
      <Stack gap="lg">
        <Fieldset legend="Request" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
            <Controller
              control={control}
              name="company_id"
              render={({ field, fieldState }) => (
                <Select
                  label="Company"
                  data={companies as CompanyItem[]}
                  displayField="named"
                  valueField="id"
                  extraField="base_currency"
                  required
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? null)}
                />
              )}
            />
            <Controller
              control={control}
              name="client_id"
              render={({ field, fieldState }) => (
                <Picker<ClientChoice>
                  label="Client"
                  object="clients"
                  displayField="named"
                  extraField="rating"
                  required
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message ?? (blacklisted ? BLACKLISTED_CLIENT : undefined)}
                  value={field.value}
                  onChange={(value, item) => {
                    field.onChange(value ?? null);
                    setClient(item ?? null);
                    clearErrors('client_id');
                  }}
                />
              )}
            />
            <Controller
              control={control}
              name="region_id"
              render={({ field, fieldState }) => (
                <Picker
                  label="Office"
                  object="region"
                  displayField="title"
                  extraField="ccy"
                  required
                  initialItems={known.office ? [known.office] : []}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  value={field.value}
                  onChange={(value, item) => {
                    field.onChange(value ?? null);
                    // sell follows the office's currency where it still had the old default
                    const ccy = (item as { ccy?: string } | null)?.ccy ?? null;
                    if (ccy) {
                      getValues('lines').forEach((line, i) => {
                        if (line.sell_currency === officeCcy.current || !line.sell_currency)
                          setValue(`lines.${i}.sell_currency`, ccy);
                      });
                      officeCcy.current = ccy;
                    }
                  }}
                />
              )}
            />
            <ManagerField
              control={control}
              name="fo_manager_id"
              managerRole="FO"
              known={known.manager}
              required={kind === 'service'}
            />
            <ManagerField control={control} name="bo_manager_id" managerRole="BO" known={known.manager} />
            <TextAreaField control={control} name="description" label="Description" rows={2} />
          </SimpleGrid>
          {blacklisted ? (
            <Alert color="red" variant="light" mt="md" role="alert" title="Blacklisted client">
              {client?.named}: {BLACKLISTED_CLIENT}. Choose another client.
            </Alert>
          ) : null}
        </Fieldset>

        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Service lines
            </Title>
            <Text size="sm" c="dimmed">
              {lines.fields.length} of at most {REQUEST_LINES_MAX}
            </Text>
          </Group>
          {form.formState.errors.lines?.message || form.formState.errors.lines?.root?.message ? (
            <Text c="red.7" size="sm" role="alert">
              {form.formState.errors.lines?.message ?? form.formState.errors.lines?.root?.message}
            </Text>
          ) : null}
          {lines.fields.map((line, index) => (
            <LineCard
              key={line.id}
              kind={kind}
              index={index}
              control={control}
              valuation={valuations[index]}
              base={base}
              onRemove={kind === 'service' || lines.fields.length > 1 ? () => lines.remove(index) : undefined}
            />
          ))}
          {lines.fields.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="no-lines">
              No service lines yet. Add one now, or create the request and collect hotel offers on its page:
              the option the client picks becomes a line.
            </Text>
          ) : null}
          <Group>
            <Button
              variant="light"
              disabled={lines.fields.length >= REQUEST_LINES_MAX}
              onClick={() => {
                const last = getValues('lines').at(-1);
                lines.append(newLine(kind, officeCcy.current ?? last?.sell_currency ?? null));
              }}
            >
              Add a line
            </Button>
          </Group>
        </Stack>

        <Paper withBorder radius="md" p="md" data-testid="request-totals">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={2}>
              <Text fw={600}>Total in {base ?? 'the company’s currency'}</Text>
              <Text size="xs" c="dimmed">
                {rateSet
                  ? `At the rates of ${formatDate(rateSet.created_at)}: sell at the sell rate, cost at the buy rate.`
                  : rates.isPending
                    ? 'Loading the current rates…'
                    : 'No exchange rates are saved yet: margins show once rates exist.'}
                {total.left_out > 0 && rateSet
                  ? ` ${total.left_out === 1 ? 'One line is' : `${total.left_out} lines are`} left out until its amounts and rates are known.`
                  : ''}
              </Text>
            </Stack>
            <Group gap="xl" align="flex-start">
              <Figure label="Sell" value={shown ? formatMoney(total.sell, base) : '—'} />
              <Figure label="Cost" value={shown ? formatMoney(total.cost, base) : '—'} />
              <Figure
                label="Margin"
                value={shown ? formatMoney(total.margin, base) : '—'}
                negative={shown && isNegative(total.margin)}
                testId="total-margin"
              />
            </Group>
          </Group>
        </Paper>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {kind === 'accounting' ? 'Create accounting request' : 'Create request'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Figure({
  label,
  value,
  negative,
  testId,
}: {
  label: string;
  value: string;
  negative?: boolean;
  testId?: string;
}) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text
        fw={700}
        c={negative ? 'red.7' : undefined}
        data-testid={testId}
        data-negative={negative ? 'true' : undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Stack>
  );
}
