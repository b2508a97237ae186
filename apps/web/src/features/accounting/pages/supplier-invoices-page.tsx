import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { loadListFilters } from '../../../lib/navigation/list-filters.ts';
import { BILLS_LIST } from '../components/bills/bills-filters.ts';
import { BillsTab } from '../components/bills/bills-tab.tsx';
import { VOUCHERS_LIST, VOUCHERS_TAB } from '../components/vouchers/vouchers-filters.ts';
import { VouchersTab } from '../components/vouchers/vouchers-tab.tsx';

type Tab = 'bills' | typeof VOUCHERS_TAB;

/**
 * /accounting/supplier-invoices: the Bills (supplier invoices) and, at `?tab=vouchers`, the
 * Payment vouchers. Each tab keeps its own filters in the URL and comes back as it was left when
 * the person switches between them.
 */
export function SupplierInvoicesPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === VOUCHERS_TAB ? VOUCHERS_TAB : 'bills';

  const switchTo = (next: string | null) => {
    if (next === tab) return;
    if (next === VOUCHERS_TAB) {
      const saved = new URLSearchParams(loadListFilters(VOUCHERS_LIST.listPath) ?? '');
      saved.set('tab', VOUCHERS_TAB);
      setParams(saved);
    } else {
      setParams(new URLSearchParams(loadListFilters(BILLS_LIST.listPath) ?? ''));
    }
  };

  return (
    <Stack gap="sm">
      <Tabs value={tab} onChange={switchTo} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="bills">Bills</Tabs.Tab>
          <Tabs.Tab value={VOUCHERS_TAB}>Payment vouchers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="bills" pt="md">
          <BillsTab />
        </Tabs.Panel>
        <Tabs.Panel value={VOUCHERS_TAB} pt="md">
          <VouchersTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default SupplierInvoicesPage;
