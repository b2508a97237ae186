import type { BillableLine } from '@app/shared/accounting/bills.schemas';
import { Badge, Checkbox, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { type BillLineGroup, groupByRequest, lineRefusal } from './bill-line-choices.ts';

/**
 * The supplier's lines a bill can take, grouped by request: a box per line (greyed with the
 * reason when it cannot join: another currency or company) and one per request for all its lines.
 */
export function BillLinesChecklist({
  lines,
  selected,
  onChange,
  currency,
  loading,
  error,
}: {
  lines: readonly BillableLine[] | undefined;
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  currency: string | null;
  loading: boolean;
  error?: string | undefined;
}) {
  if (loading)
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          Loading the supplier's lines…
        </Text>
      </Group>
    );
  if (!lines || lines.length === 0)
    return (
      <Text size="sm" c={error ? 'red.7' : 'dimmed'} role={error ? 'alert' : undefined}>
        {error ??
          'This supplier has no confirmed line without a bill. A line can be billed once it is Confirmed on its request.'}
      </Text>
    );

  const chosen = lines.filter((l) => selected.includes(l.line_id));
  const free = (line: BillableLine) => lineRefusal(line, currency, chosen) === null;
  const toggle = (ids: number[], on: boolean) =>
    onChange(on ? [...new Set([...selected, ...ids])] : selected.filter((id) => !ids.includes(id)));

  return (
    <Stack gap={4}>
      <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
        <Stack gap="sm" role="group" aria-label="Lines of the bill">
          {rankGroups(groupByRequest(lines), selected, free).map((group) => {
            const open = group.lines.filter((l) => selected.includes(l.line_id) || free(l));
            const on = open.filter((l) => selected.includes(l.line_id)).length;
            return (
              <Stack key={group.request.id} gap={4}>
                <Checkbox
                  label={
                    <Text size="sm" fw={600} span>
                      {group.request.number}{' '}
                      <Text span size="xs" c="dimmed" fw={400}>
                        {group.company.code}
                      </Text>
                    </Text>
                  }
                  aria-label={`All lines of ${group.request.number}`}
                  checked={open.length > 0 && on === open.length}
                  indeterminate={on > 0 && on < open.length}
                  disabled={open.length === 0}
                  onChange={(event) =>
                    toggle(
                      open.map((l) => l.line_id),
                      event.currentTarget.checked,
                    )
                  }
                />
                <Stack gap={4} pl="lg">
                  {group.lines.map((line) => {
                    const refusal = selected.includes(line.line_id)
                      ? null
                      : lineRefusal(line, currency, chosen);
                    return (
                      <Group
                        key={line.line_id}
                        justify="space-between"
                        wrap="nowrap"
                        gap="sm"
                        align="flex-start"
                      >
                        <Checkbox
                          miw={0}
                          style={{ flex: 1 }}
                          disabled={refusal !== null}
                          checked={selected.includes(line.line_id)}
                          onChange={(event) => toggle([line.line_id], event.currentTarget.checked)}
                          label={`Line ${line.position} · ${line.service_type}`}
                          description={[line.description, refusal].filter(Boolean).join(' — ') || undefined}
                        />
                        <Group gap={6} wrap="nowrap">
                          <Badge size="sm" variant="light" color="gray" radius="sm" tt="none">
                            {line.status}
                          </Badge>
                          <Text
                            size="sm"
                            fw={500}
                            style={{ whiteSpace: 'nowrap' }}
                            c={refusal ? 'dimmed' : undefined}
                          >
                            {formatMoney(line.cost, line.cost_currency)}
                          </Text>
                        </Group>
                      </Group>
                    );
                  })}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
      {error ? (
        <Text size="xs" c="red.7" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The requests whose lines can join the bill (or are chosen) first, those that cannot (another
 * currency or company) after them; newest first within each (a stable sort keeps that order).
 */
function rankGroups(
  groups: BillLineGroup[],
  selected: readonly number[],
  free: (line: BillableLine) => boolean,
): BillLineGroup[] {
  const rank = (g: BillLineGroup) => (g.lines.some((l) => selected.includes(l.line_id) || free(l)) ? 0 : 1);
  return [...groups].sort((a, b) => rank(a) - rank(b));
}
