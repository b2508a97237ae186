import { Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * Every report's chart: a figure captioned by what it shows, the drawing (a recharts
 * `ResponsiveContainer`, its chart given the caption as `title`) in a fixed height, and for screen
 * readers the figures it draws in words.
 */
export function ReportChart({
  caption,
  hint,
  summary,
  testId,
  children,
}: {
  caption: string;
  /** Said after the caption, smaller. */
  hint?: string | undefined;
  /** The figures the picture draws, read out instead of the drawing. */
  summary: string;
  testId?: string;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <Paper withBorder radius="md" p="sm" h={300} component="figure" m={0} aria-labelledby={captionId}>
      <Stack gap={4} h="100%">
        <Text size="sm" fw={600} component="figcaption" id={captionId}>
          {caption}
          {hint ? (
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              {hint}
            </Text>
          ) : null}
        </Text>
        <div style={{ flex: 1, minHeight: 0 }} data-testid={testId}>
          {children}
        </div>
        <VisuallyHidden component="p">{summary}</VisuallyHidden>
      </Stack>
    </Paper>
  );
}

/**
 * An axis from the lowest value (or zero) to the highest (or zero), ticks at round steps through
 * zero, so a small loss shows as a short bar below zero without widening the axis to a round bound.
 */
export function axisThroughZero(values: readonly number[]): { domain: [number, number]; ticks: number[] } {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  if (lo === hi) return { domain: [0, 1], ticks: [0] };
  const raw = (hi - lo) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((n) => n * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
    ticks.push(Math.round(v / step) * step || 0); // never -0
  return { domain: [lo, hi], ticks };
}
