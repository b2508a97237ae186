import { PAIRS, pairLabel } from '@app/shared/rates/currencies';
import type { RateSet } from '@app/shared/rates/rates.schemas';
import { Group, NativeSelect, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { isRatesFetchError, useRateSets } from '../api/list-rate-sets.ts';
import { formatRate, formatSetDateTime } from './rate-format.ts';

export interface ChartPoint {
  at: string;
  /** `at` in milliseconds: the time axis is proportional, as sets are not evenly spaced. */
  t: number;
  sell: number;
  buy: number;
  sellText: string;
  buyText: string;
}

/**
 * One point per set that holds the pair, oldest first. The chart library plots numbers, so the
 * decimal text becomes a number here and only here, for drawing; labels keep the exact text.
 */
export function chartPoints(sets: readonly RateSet[], original: string, target: string): ChartPoint[] {
  const points: ChartPoint[] = [];
  for (const set of sets) {
    const r = set.rates.find(
      (x) => x.original_currency.named === original && x.target_currency.named === target,
    );
    if (!r) continue;
    points.push({
      at: set.created_at,
      t: Date.parse(set.created_at),
      sell: Number(r.rate_sell),
      buy: Number(r.rate_buy),
      sellText: formatRate(r.rate_sell),
      buyText: formatRate(r.rate_buy),
    });
  }
  return points.sort((a, b) => a.t - b.t);
}

const PERIODS = [
  { value: '3', label: '3 months' },
  { value: '6', label: '6 months' },
  { value: '12', label: '12 months' },
];

/**
 * A pair's sell and buy over time, from the rate sets of the chosen period. Steps, not curves: a
 * set is in force unchanged until the next one.
 */
export function RateHistoryChart({ now = new Date() }: { now?: Date }) {
  const [pairKey, setPairKey] = useState(`${PAIRS[0]!.original}_${PAIRS[0]!.target}`);
  const [months, setMonths] = useState('6');
  const [original, target] = pairKey.split('_') as [string, string];
  const dateFrom = dayjs(now).subtract(Number(months), 'month').format('YYYY-MM-DD');
  const sets = useRateSets({ date_from: dateFrom, ordering: 'created_at', limit: 500 });
  const answer = sets.data;
  const points = useMemo(
    () => (answer && !isRatesFetchError(answer) ? chartPoints(answer.data, original, target) : []),
    [answer, original, target],
  );
  // The newest set is in force until now: draw its step up to today.
  const last = points.at(-1);
  const nowMs = now.getTime();
  const data = last && last.t < nowMs ? [...points, { ...last, t: nowMs }] : points;

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4">
            Sell and buy over time
          </Title>
          <Group gap="sm" align="flex-end">
            <NativeSelect
              label="Pair"
              data={PAIRS.map((p) => ({ value: `${p.original}_${p.target}`, label: pairLabel(p) }))}
              value={pairKey}
              onChange={(e) => setPairKey(e.currentTarget.value)}
            />
            <SegmentedControl data={PERIODS} value={months} onChange={setMonths} aria-label="Period" />
          </Group>
        </Group>
        {answer && isRatesFetchError(answer) ? (
          <Text c="red">{answer.error}</Text>
        ) : points.length === 0 ? (
          <Text c="dimmed">{sets.isPending ? 'Loading…' : 'No rates in this period.'}</Text>
        ) : (
          <div style={{ width: '100%', height: 280 }} data-testid="rate-history-chart">
            <ResponsiveContainer>
              <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-gray-3)" />
                <XAxis
                  dataKey="t"
                  type="number"
                  scale="time"
                  domain={['dataMin', 'dataMax']}
                  tickFormatter={(v: number) => dayjs(v).format('DD/MM')}
                  minTickGap={24}
                />
                <YAxis domain={['auto', 'auto']} width={64} tickFormatter={(v: number) => v.toFixed(4)} />
                <Tooltip
                  labelFormatter={(_label, items) => {
                    const p = items[0]?.payload as ChartPoint | undefined;
                    return p ? `Set of ${formatSetDateTime(p.at)}` : '';
                  }}
                  formatter={(_value, name, item) => {
                    const p = item.payload as ChartPoint;
                    return [name === 'Sell' ? p.sellText : p.buyText, name];
                  }}
                />
                <Legend itemSorter={null} />
                <Line
                  type="stepAfter"
                  dataKey="sell"
                  name="Sell"
                  stroke="var(--mantine-color-blue-7)"
                  dot={false}
                  strokeWidth={2}
                />
                <Line
                  type="stepAfter"
                  dataKey="buy"
                  name="Buy"
                  stroke="var(--mantine-color-orange-7)"
                  dot={false}
                  strokeWidth={2}
                />
              </LineChart>
            </ResponsiveContainer>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
