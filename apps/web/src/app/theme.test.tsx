import { Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders, testQueryClient } from './testing/test-providers.tsx';
import { theme } from './theme.ts';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('theme', () => {
  it('gives white text on filled primary buttons at least 4.5:1 (WCAG AA)', async () => {
    const { DEFAULT_THEME } = await import('@mantine/core');
    const primary = theme.primaryColor ?? DEFAULT_THEME.primaryColor;
    const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;
    const color = DEFAULT_THEME.colors[primary]?.[shade ?? 6] as string;
    expect(contrast('#ffffff', color)).toBeGreaterThanOrEqual(4.5);
  });

  it('labels the close button of modals', () => {
    render(
      <TestProviders client={testQueryClient()}>
        <Modal opened onClose={() => {}} title="Edit user">
          body
        </Modal>
      </TestProviders>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
