import { canAccess } from '@app/shared/auth/access';
import { RATE_SET_SIZE } from '@app/shared/rates/currencies';
import { RATES_WRITE_ACCESS } from '@app/shared/rates/rates.access';
import { RATES_STALE_AFTER_DAYS } from '@app/shared/rates/rates.messages';
import type { RateRecord, RateSet } from '@app/shared/rates/rates.schemas';
import { isRateUpdateNeeded } from '@app/shared/rates/staleness';
import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { isRatesFetchError, useRateSets } from '../api/list-rate-sets.ts';
import { type DialogType, ExchangeRateDialog } from '../components/exchange-rate-dialog.tsx';
import { formatRateDate, formatSetDateTime, setDateTimeLabels } from '../components/rate-format.ts';
import { RateHistoryChart } from '../components/rate-history-chart.tsx';
import { RatesTable } from '../components/rates-table.tsx';
import { WHO_CAN_UPDATE_RATES } from '../components/stale-rates.ts';

export const HISTORY_PAGE_SIZE = 5;

interface DialogState {
  type: DialogType;
  recordId: number | null;
  previous: readonly RateRecord[] | null;
}

function SetCard({
  set,
  when,
  isCurrent,
  canWrite,
  onNewFrom,
  onRenew,
}: {
  set: RateSet;
  /** Its date and time as the list shows it (seconds only where two sets share a minute). */
  when: string;
  isCurrent: boolean;
  canWrite: boolean;
  onNewFrom: () => void;
  onRenew: () => void;
}) {
  // Renew stores the same values read-only; a set that lost a pair (DELETE) cannot be saved as it
  // is, so it can only be the start of a new set.
  const complete = set.rates.length >= RATE_SET_SIZE;
  return (
    <Paper withBorder p="md" radius="md" data-testid="rate-set" data-set-id={set.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Text fw={600}>{when}</Text>
              {isCurrent && <Badge variant="light">Current</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {set.created_by ? `Entered by ${set.created_by.name}` : 'Entered by a former user'}
            </Text>
          </div>
          {canWrite && (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={onNewFrom}>
                New set from this one
              </Button>
              {complete && (
                <Tooltip label="Store these same rates again as today's set">
                  <Button size="xs" variant="default" onClick={onRenew}>
                    Renew
                  </Button>
                </Tooltip>
              )}
            </Group>
          )}
        </Group>
        <RatesTable rates={set.rates} withInverse />
      </Stack>
    </Paper>
  );
}

/**
 * /accounting/exchange-rates: the history of rate sets (newest first, paginated), each set's
 * table, new sets from a previous one, and a chart of a pair's sell and buy.
 */
export function ExchangeRatesPage() {
  const user = useCurrentUser();
  const canWrite = user !== undefined && canAccess(user, RATES_WRITE_ACCESS);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sets = useRateSets({ limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE });
  // The newest set decides "Current" and the pre-fill of "New rates", whatever page is shown.
  const newest = useRateSets({ limit: 1, offset: 0 });
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const answer = sets.data;
  const shown = answer && !isRatesFetchError(answer) ? answer.data : [];
  const whens = setDateTimeLabels(shown.map((set) => set.created_at));
  const newestSet = newest.data && !isRatesFetchError(newest.data) ? (newest.data.data[0] ?? null) : null;
  const totalPages =
    answer && !isRatesFetchError(answer) ? Math.max(1, Math.ceil(answer.meta.total / HISTORY_PAGE_SIZE)) : 1;

  const goTo = (next: number) => {
    const nextParams = new URLSearchParams(params);
    if (next > 1) nextParams.set('page', String(next));
    else nextParams.delete('page');
    setParams(nextParams, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Exchange rates
        </Title>
        {canWrite && (
          <Button
            onClick={() => setDialog({ type: 'create', recordId: null, previous: newestSet?.rates ?? null })}
          >
            New rates
          </Button>
        )}
      </Group>

      {newestSet && isRateUpdateNeeded(newestSet.created_at) && (
        <Alert color="orange" variant="light" role="alert">
          The newest rates are from {formatRateDate(newestSet.created_at)}, more than {RATES_STALE_AFTER_DAYS}{' '}
          days ago.
          {canWrite
            ? ' Enter new rates, or renew the current set if they still hold.'
            : ` ${WHO_CAN_UPDATE_RATES}`}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Stack gap="md">
          <Title order={2} size="h4">
            History
          </Title>
          {sets.isPending && <Text c="dimmed">Loading…</Text>}
          {answer && isRatesFetchError(answer) && <Text c="red">{answer.error}</Text>}
          {answer && !isRatesFetchError(answer) && answer.data.length === 0 && (
            <Text c="dimmed">No exchange rates yet.</Text>
          )}
          {answer &&
            !isRatesFetchError(answer) &&
            shown.map((set, i) => (
              <SetCard
                key={set.id}
                set={set}
                when={whens[i]!}
                isCurrent={set.id === newestSet?.id}
                canWrite={canWrite}
                onNewFrom={() => setDialog({ type: 'create', recordId: null, previous: set.rates })}
                onRenew={() => setDialog({ type: 'update', recordId: set.id, previous: set.rates })}
              />
            ))}
          {totalPages > 1 && (
            <Pagination
              total={totalPages}
              value={Math.min(page, totalPages)}
              onChange={goTo}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            />
          )}
        </Stack>
        <RateHistoryChart />
      </SimpleGrid>

      <ExchangeRateDialog
        opened={dialog !== null}
        type={dialog?.type ?? 'create'}
        recordId={dialog?.recordId ?? null}
        previous={dialog?.previous ?? null}
        current={newestSet?.rates ?? null}
        onClose={(result) => {
          setDialog(null);
          // a new set is the newest: show the first page, where it is
          if (result) {
            goTo(1);
            toast.success(`The rates of ${formatSetDateTime(result.created_at)} are now current.`);
          }
        }}
      />
    </Stack>
  );
}

export default ExchangeRatesPage;
