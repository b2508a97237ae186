import {
  Autocomplete,
  Collapse,
  MantineProvider,
  Menu,
  Modal,
  MultiSelect,
  Popover,
  Select,
  Tooltip,
} from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders, testQueryClient } from '../test/providers.tsx';
import {
  COLLAPSE_DURATION_MS,
  DROPDOWN_DURATION_MS,
  MODAL_ENTER_DURATION_MS,
  MODAL_EXIT_DURATION_MS,
  TOOLTIP_FADE_DURATION_MS,
} from './animations.ts';
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

/** The app's provider without `env="test"`, which would switch every transition off. */
function Animated({ children }: { children: ReactNode }) {
  return <MantineProvider theme={theme}>{children}</MantineProvider>;
}

const durationOf = (element: Element | null) => (element as HTMLElement | null)?.style.transitionDuration;

describe('theme animation timings (spec 9)', () => {
  it('uses the spec values', () => {
    expect([
      COLLAPSE_DURATION_MS,
      MODAL_ENTER_DURATION_MS,
      MODAL_EXIT_DURATION_MS,
      TOOLTIP_FADE_DURATION_MS,
      DROPDOWN_DURATION_MS,
    ]).toEqual([400, 150, 300, 150, 220]);
  });

  it('opens modals in 150 ms and closes them in 300 ms, keeping the fade-down', () => {
    const modal = (opened: boolean) => (
      <Animated>
        <Modal opened={opened} onClose={() => {}} title="Edit user">
          body
        </Modal>
      </Animated>
    );
    const { rerender } = render(modal(true));
    const content = document.querySelector('.mantine-Modal-content') as HTMLElement;
    expect(content.style.transitionDuration).toBe(`${MODAL_ENTER_DURATION_MS}ms`);
    expect(content.style.transform).toBe('translateY(0)');
    rerender(modal(false));
    expect(durationOf(document.querySelector('.mantine-Modal-content'))).toBe(`${MODAL_EXIT_DURATION_MS}ms`);
  });

  it('collapses in 400 ms', () => {
    render(
      <Animated>
        <Collapse expanded>details</Collapse>
      </Animated>,
    );
    expect(screen.getByText('details').style.transition).toContain(`${COLLAPSE_DURATION_MS}ms`);
  });

  it('fades tooltips in 150 ms', () => {
    render(
      <Animated>
        <Tooltip label="Hint" opened>
          <button type="button">target</button>
        </Tooltip>
      </Animated>,
    );
    expect(durationOf(document.querySelector('.mantine-Tooltip-tooltip'))).toBe(
      `${TOOLTIP_FADE_DURATION_MS}ms`,
    );
  });

  it('opens every kind of dropdown in 220 ms', () => {
    render(
      <Animated>
        <Menu opened>
          <Menu.Target>
            <button type="button">menu</button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>item</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Popover opened>
          <Popover.Target>
            <button type="button">popover</button>
          </Popover.Target>
          <Popover.Dropdown>popover body</Popover.Dropdown>
        </Popover>
        <Select label="select" data={['a']} dropdownOpened />
        <MultiSelect label="multi" data={['a']} dropdownOpened />
        <Autocomplete label="auto" data={['a']} dropdownOpened />
      </Animated>,
    );
    const dropdowns = [
      '.mantine-Menu-dropdown',
      '.mantine-Popover-dropdown:not(.mantine-Select-dropdown, .mantine-MultiSelect-dropdown, .mantine-Autocomplete-dropdown)',
      '.mantine-Select-dropdown',
      '.mantine-MultiSelect-dropdown',
      '.mantine-Autocomplete-dropdown',
    ].map((selector) => durationOf(document.querySelector(selector)));
    expect(dropdowns).toEqual(Array(5).fill(`${DROPDOWN_DURATION_MS}ms`));
  });
});
