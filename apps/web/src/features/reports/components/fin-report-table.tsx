import type { FinReport } from '@app/shared/reports/fin-report.schemas';
import { Table } from '@mantine/core';
import { CompanyName, Figure, NUMERIC, shortMonth } from './report-format.tsx';

const num = { ta: 'right' as const, style: NUMERIC };

/** One row per company, month and account type, with the period's totals at the foot. */
export function FinReportTable({ report }: { report: FinReport }) {
  const ccy = report.currency;
  const { totals } = report;
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped highlightOnHover stickyHeader aria-label="Fin-Report" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th>Month</Table.Th>
            <Table.Th>Account type</Table.Th>
            <Table.Th ta="right">Sales ({ccy})</Table.Th>
            <Table.Th ta="right">Cost ({ccy})</Table.Th>
            <Table.Th ta="right">Margin ({ccy})</Table.Th>
            <Table.Th ta="right">Margin %</Table.Th>
            <Table.Th ta="right">Lines</Table.Th>
            {/* a count, not money: the lines whose cost is still the request's estimate */}
            <Table.Th ta="right">Lines at estimate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((r) => (
            <Table.Tr key={`${r.company.id}-${r.month}-${r.account_type}`}>
              <Table.Td>
                <CompanyName company={r.company} />
              </Table.Td>
              <Table.Td style={NUMERIC}>{shortMonth(r.month)}</Table.Td>
              <Table.Td>{r.account_type}</Table.Td>
              <Table.Td {...num}>
                <Figure value={r.sales} />
              </Table.Td>
              <Table.Td {...num}>
                <Figure value={r.cost} />
              </Table.Td>
              <Table.Td {...num}>
                <Figure value={r.margin} />
              </Table.Td>
              <Table.Td {...num}>
                <Figure value={r.margin_percent} percent />
              </Table.Td>
              <Table.Td {...num}>{r.lines}</Table.Td>
              <Table.Td {...num}>{r.estimated_lines || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td colSpan={3}>Total</Table.Td>
            <Table.Td {...num}>
              <Figure value={totals.sales} />
            </Table.Td>
            <Table.Td {...num}>
              <Figure value={totals.cost} />
            </Table.Td>
            <Table.Td {...num}>
              <Figure value={totals.margin} />
            </Table.Td>
            <Table.Td {...num}>
              <Figure value={totals.margin_percent} percent />
            </Table.Td>
            <Table.Td {...num}>{totals.lines}</Table.Td>
            <Table.Td {...num}>{totals.estimated_lines || '—'}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
