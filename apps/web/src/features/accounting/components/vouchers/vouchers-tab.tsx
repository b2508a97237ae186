import type { Voucher, VoucherGroup } from '@app/shared/accounting/vouchers.schemas';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { formatMoney, sumMoney } from '../../../../lib/format/format-money.ts';
import { errorDetail } from '../../../../lib/http/http-error.ts';
import { ConfirmDialog } from '../../../../ui/confirm-dialog/confirm-dialog.tsx';
import { DataTable } from '../../../../ui/list/data-table.tsx';
import { ListPageLayout } from '../../../../ui/list/list-page-layout.tsx';
import { listTableProps } from '../../../../ui/list/list-table-props.ts';
import { useListState } from '../../../../ui/list/use-list-state.ts';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useVouchers } from '../../api/vouchers/list-vouchers.ts';
import {
  useSetVoucherStatus,
  useSetVoucherStatuses,
  type VoucherDecision,
} from '../../api/vouchers/update-voucher.ts';
import { isSelectable, voucherColumns, voucherName } from './voucher-columns.tsx';
import { VoucherFilters } from './voucher-filters.tsx';
import { VoucherGroups } from './voucher-groups.tsx';
import { VOUCHERS_LIST, vouchersQuery, withoutTab } from './vouchers-filters.ts';

const plural = (n: number) => `${n} voucher${n === 1 ? '' : 's'}`;

/** "1 200.00 GBP and 300.00 EUR": what a set of vouchers adds up to, per currency. */
function amountsOf(vouchers: readonly Voucher[]): string {
  const currencies = [...new Set(vouchers.map((v) => v.currency))].sort();
  return currencies
    .map((ccy) => formatMoney(sumMoney(vouchers.filter((v) => v.currency === ccy).map((v) => v.amount)), ccy))
    .join(' and ');
}

interface BulkAsk {
  status: VoucherDecision;
  vouchers: Voucher[];
}

/**
 * The Payment vouchers tab: the deadline payments of request lines, Inactive until an Accountant
 * approves them, Active = to be paid. Due this week (overdue included) by default, totals by
 * supplier and currency over the whole filter, Approve / Revoke per row or for the selected rows
 * (after a confirmation, all or none).
 */
export function VouchersTab() {
  const list = withoutTab(useListState(VOUCHERS_LIST));
  const query = useMemo(() => vouchersQuery(list.state), [list.state]);
  const vouchers = useVouchers(query);
  const rows = vouchers.data?.data;
  const one = useSetVoucherStatus();
  const many = useSetVoucherStatuses();
  const [selected, setSelected] = useState<Map<number, Voucher>>(new Map());
  const [ask, setAsk] = useState<BulkAsk | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  // a new filter or page is a new list: what was chosen on the old one is let go
  const queryText = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: queryText stands for the query
  useEffect(() => setSelected(new Map()), [queryText]);

  const decideOne = (voucher: Voucher, status: VoucherDecision) => {
    one.mutate(
      { voucher, status },
      {
        onSuccess: () =>
          toast.success(`${voucherName(voucher)} ${status === 'Active' ? 'approved' : 'revoked'}.`),
      },
    );
  };

  // rebuilt on each render: the boxes and the busy row follow the selection and the mutation
  const columns = voucherColumns({
    rows: rows ?? [],
    selected: new Set(selected.keys()),
    onToggle: (v) =>
      setSelected((old) => {
        const next = new Map(old);
        if (next.has(v.id)) next.delete(v.id);
        else next.set(v.id, v);
        return next;
      }),
    onToggleAll: (select) =>
      setSelected(select ? new Map((rows ?? []).filter(isSelectable).map((v) => [v.id, v])) : new Map()),
    onDecide: decideOne,
    busyId: one.isPending ? (one.variables?.voucher.id ?? null) : null,
  });

  const chosen = [...selected.values()];
  const toApprove = chosen.filter((v) => v.status === 'Inactive');
  const toRevoke = chosen.filter((v) => v.status === 'Active');

  const confirmBulk = async () => {
    if (!ask) return;
    try {
      await many.mutateAsync({ ids: ask.vouchers.map((v) => v.id), status: ask.status });
      toast.success(`${plural(ask.vouchers.length)} ${ask.status === 'Active' ? 'approved' : 'revoked'}.`);
      setSelected(new Map());
      setAsk(null);
    } catch (error) {
      setRefusal(errorDetail(error) ?? 'Nothing was changed. Reload the list and try again.');
    }
  };

  const pick = (g: VoucherGroup) =>
    list.setFilters({ supplier: String(g.supplier.id), currency: g.currency });

  return (
    <ListPageLayout
      title="Payment vouchers"
      filters={<VoucherFilters list={list} />}
      filtered={list.filtered}
      onReset={list.reset}
    >
      <Stack gap="md">
        <VoucherGroups groups={vouchers.data?.meta.groups} onPick={pick} />
        {vouchers.data?.meta.groups?.length ? <Divider /> : null}
        {chosen.length > 0 ? (
          <Group gap="sm" wrap="wrap" role="group" aria-label="Selected vouchers">
            <Text size="sm" fw={600}>
              {chosen.length} selected · {amountsOf(chosen)}
            </Text>
            <Button
              size="xs"
              disabled={toApprove.length === 0}
              onClick={() => {
                setRefusal(null);
                setAsk({ status: 'Active', vouchers: toApprove });
              }}
            >
              Approve {toApprove.length}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={toRevoke.length === 0}
              onClick={() => {
                setRefusal(null);
                setAsk({ status: 'Inactive', vouchers: toRevoke });
              }}
            >
              Revoke {toRevoke.length}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>
              Clear selection
            </Button>
          </Group>
        ) : null}
        <DataTable<Voucher>
          label="Payment vouchers"
          columns={columns}
          getRowId={(row) => String(row.id)}
          emptyText={
            list.filtered || query.due || query.overdue
              ? 'No payment vouchers match these filters.'
              : 'No payment vouchers yet. They come from the deadline payments of request lines.'
          }
          loadingText="Loading payment vouchers…"
          rowProps={(row) => ({ 'data-overdue': row.overdue ? 'true' : undefined })}
          minWidth={1080}
          {...listTableProps(list, vouchers)}
        />
      </Stack>
      <ConfirmDialog
        opened={ask !== null}
        title={ask?.status === 'Active' ? 'Approve for payment?' : 'Revoke the approval?'}
        confirmLabel={
          ask ? `${ask.status === 'Active' ? 'Approve' : 'Revoke'} ${plural(ask.vouchers.length)}` : ''
        }
        confirmColor={ask?.status === 'Active' ? 'blue' : 'red'}
        busy={many.isPending}
        refusal={refusal}
        onConfirm={() => void confirmBulk()}
        onCancel={() => setAsk(null)}
      >
        {ask ? (
          <Text>
            {ask.status === 'Active'
              ? `${plural(ask.vouchers.length)} (${amountsOf(ask.vouchers)}) become Active: to be paid. Their deadlines can no longer change until the approval is revoked.`
              : `${plural(ask.vouchers.length)} (${amountsOf(ask.vouchers)}) go back to Inactive: not to be paid until approved again.`}{' '}
            All are changed together, or none if one is refused.
          </Text>
        ) : null}
      </ConfirmDialog>
    </ListPageLayout>
  );
}
