import type { FinReport } from '@app/shared/reports/fin-report.schemas';
import { vatRateLabel } from '@app/shared/reports/vat-rates.schemas';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatMoney, sumMoney } from '../../../lib/format/format-money.ts';
import { CompanyName, Figure, NUMERIC } from './report-format.tsx';
import { VatRatesDialog } from './vat-rates-dialog.tsx';

const num = { ta: 'right' as const, style: NUMERIC };

/** The VAT to file added up per base currency (companies may keep their books in different ones). */
function toFile(toms: FinReport['toms']): { currency: string; amount: string }[] {
  const currencies = [...new Set(toms.map((t) => t.base_currency))];
  return currencies.map((currency) => ({
    currency,
    amount: sumMoney(toms.filter((t) => t.base_currency === currency).map((t) => t.vat_due_base)),
  }));
}

/**
 * TOMS VAT per company and account type for the whole period, at the rates of the setting; an
 * Admin edits the rates here (the server refuses anyone else).
 */
export function FinReportTomsPanel({ report, canEditRates }: { report: FinReport; canEditRates: boolean }) {
  const [editing, setEditing] = useState(false);
  const ccy = report.currency;
  return (
    <Stack gap="xs" component="section" aria-labelledby="fin-report-toms-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} size="h4" id="fin-report-toms-title">
            TOMS VAT
          </Title>
          <Text size="sm" c="dimmed" maw={760}>
            VAT due on each company's margin of the period per account type: margin × rate / (100 + rate), 1/6
            of the margin at 20%. A type whose margin for the period is nil or negative owes nothing, and a
            loss is not refunded. The VAT to file is in the company's base currency, on the margin as the
            documents were booked; the {ccy} figures are the same rule at each line's stamped rate.
          </Text>
        </div>
        {canEditRates ? (
          <Button variant="default" onClick={() => setEditing(true)}>
            Edit VAT rates
          </Button>
        ) : null}
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table aria-label="TOMS VAT" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Company</Table.Th>
              <Table.Th>Account type</Table.Th>
              <Table.Th ta="right">Margin ({ccy})</Table.Th>
              <Table.Th ta="right">VAT rate</Table.Th>
              <Table.Th ta="right">VAT due ({ccy})</Table.Th>
              <Table.Th ta="right">Margin (base)</Table.Th>
              <Table.Th ta="right">VAT to file (base)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.toms.map((t) => (
              <Table.Tr key={`${t.company.id}-${t.account_type}`}>
                <Table.Td>
                  <CompanyName company={t.company} />
                </Table.Td>
                <Table.Td>{t.account_type}</Table.Td>
                <Table.Td {...num}>
                  <Figure value={t.margin} />
                </Table.Td>
                <Table.Td {...num}>{vatRateLabel(t.rate)}</Table.Td>
                <Table.Td {...num}>
                  <Figure value={t.vat_due} />
                </Table.Td>
                <Table.Td {...num}>
                  <Figure value={t.margin_base} currency={t.base_currency} />
                </Table.Td>
                <Table.Td {...num}>
                  <Figure value={t.vat_due_base} currency={t.base_currency} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td colSpan={4}>VAT due</Table.Td>
              <Table.Td {...num}>{formatMoney(report.totals.vat_due)}</Table.Td>
              <Table.Td />
              <Table.Td {...num}>
                {toFile(report.toms).map((t) => (
                  <div key={t.currency}>{formatMoney(t.amount, t.currency)}</div>
                ))}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {canEditRates ? <VatRatesDialog opened={editing} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}
