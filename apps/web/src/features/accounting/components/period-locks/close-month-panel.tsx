import { monthTitle, type PeriodLock } from '@app/shared/accounting/period-locks.schemas';
import type { CompanyItem } from '@app/shared/directory/index';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { errorDetail } from '../../../../lib/http/http-error.ts';
import { ConfirmDialog } from '../../../../ui/confirm-dialog/confirm-dialog.tsx';
import { Select } from '../../../../ui/select/select.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useCloseMonth } from '../../api/period-locks/close-month.ts';
import { useLockCompanies } from '../../api/period-locks/list-lock-companies.ts';
import { usePeriodLocks } from '../../api/period-locks/list-period-locks.ts';
import { useReopenMonth } from '../../api/period-locks/reopen-month.ts';
import { closableMonths } from './month-options.ts';
import { PeriodLocksTable } from './period-locks-table.tsx';

/** What the open confirmation is about. */
type Pending = { kind: 'close'; company: CompanyItem; month: string } | { kind: 'reopen'; lock: PeriodLock };

/**
 * Close a month for a company (nothing dated in it can change any more), and the months closed
 * so far; an Admin may reopen one.
 */
export function CloseMonthPanel({ canReopen, today }: { canReopen: boolean; today?: Date }) {
  // the months offered are fixed for the visit (a new Date each render would redo them)
  const [now] = useState(() => today ?? new Date());
  const companies = useLockCompanies();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const locks = usePeriodLocks(companyId);
  const close = useCloseMonth();
  const reopen = useReopenMonth();
  const [pending, setPending] = useState<Pending | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const company = companies.data?.find((c) => c.id === companyId) ?? null;

  const monthOptions = useMemo(() => {
    const closed = new Set(
      (locks.data ?? [])
        .filter((l) => l.locked && l.company.id === companyId)
        .map((l) => l.month.slice(0, 7)),
    );
    return closableMonths(now).map((m) => ({ ...m, state: closed.has(m.value) ? 'Closed' : '' }));
  }, [locks.data, companyId, now]);

  const ask = (next: Pending) => {
    setRefusal(null);
    setPending(next);
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'close') {
        await close.mutateAsync({ company: pending.company.id, month: pending.month });
        toast.success(`${monthTitle(pending.month)} closed for ${pending.company.named}.`);
        setMonth(null);
      } else {
        const { lock } = pending;
        await reopen.mutateAsync({ company: lock.company.id, month: lock.month.slice(0, 7) });
        toast.success(`${monthTitle(lock.month)} reopened for ${lock.company.code}.`);
      }
      setPending(null);
    } catch (error) {
      setRefusal(errorDetail(error) ?? 'The server refused. Try again.');
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="close-month-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="close-month-title">
            Close a month
          </Title>
          <Text size="sm" c="dimmed">
            Once a month is closed, nothing dated in it (invoices, bills, bank transactions, allocations) can
            be created, changed or deleted for that company.
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <div style={{ width: 220 }}>
            <Select
              label="Company"
              placeholder="All companies"
              data={companies.data ?? []}
              valueField="id"
              displayField="named"
              extraField="name"
              value={companyId}
              onChange={(value) => {
                setCompanyId(value === null ? null : Number(value));
                setMonth(null);
              }}
            />
          </div>
          <div style={{ width: 220 }}>
            <Select
              label="Month"
              placeholder="Choose a month"
              data={monthOptions}
              extraField="state"
              value={month}
              disabled={company === null}
              onChange={(value) => setMonth(value === null ? null : String(value))}
            />
          </div>
          <Button
            disabled={company === null || month === null}
            onClick={() => company && month && ask({ kind: 'close', company, month })}
          >
            Close month
          </Button>
        </Group>
        {locks.isPending ? (
          <Skeleton height={80} />
        ) : locks.error ? (
          <Alert color="red" title="The closed months could not be loaded">
            <Button variant="default" size="xs" mt="xs" onClick={() => void locks.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : locks.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {company ? `No month is closed for ${company.named} yet.` : 'No month is closed yet.'}
          </Text>
        ) : (
          <PeriodLocksTable
            locks={locks.data}
            canReopen={canReopen}
            onReopen={(lock) => ask({ kind: 'reopen', lock })}
          />
        )}
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        title={
          pending?.kind === 'close'
            ? `Close ${monthTitle(pending.month)} for ${pending.company.named}?`
            : pending
              ? `Reopen ${monthTitle(pending.lock.month)} for ${pending.lock.company.code}?`
              : ''
        }
        confirmLabel={pending?.kind === 'reopen' ? 'Reopen month' : 'Close month'}
        confirmColor={pending?.kind === 'reopen' ? 'orange' : 'red'}
        busy={close.isPending || reopen.isPending}
        refusal={refusal}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'close'
          ? `Nothing dated in ${monthTitle(pending.month)} can be created, changed or deleted for ${pending.company.named} until an Admin reopens it.`
          : pending
            ? `Invoices, bills, bank transactions and allocations dated in ${monthTitle(pending.lock.month)} can be created, changed and deleted again for ${pending.lock.company.code}. The reopening is recorded.`
            : ''}
      </ConfirmDialog>
    </Paper>
  );
}
