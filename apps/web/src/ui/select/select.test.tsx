import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Select, type SelectProps } from './select';
import type { OptionValue, SelectGroup } from './select-options';

type Item = { named: string; value: OptionValue; rate?: string };

const CURRENCIES: Item[] = [
  { named: 'US Dollar', value: 'USD', rate: '1.00' },
  { named: 'Euro', value: 'EUR', rate: '0.92' },
  { named: 'Pound sterling', value: 'GBP', rate: '0.79' },
];

function SingleHost(
  props: Partial<Extract<SelectProps<Item>, { multiple?: false }>> & {
    initial?: OptionValue | null;
    spy?: (v: OptionValue | null, item: Item | null) => void;
  },
) {
  const { initial = null, spy, ...rest } = props;
  const [value, setValue] = useState<OptionValue | null>(initial);
  return (
    <>
      <Select<Item>
        label="Currency"
        placeholder="Pick one"
        data={CURRENCIES}
        {...rest}
        value={value}
        onChange={(v, item) => {
          setValue(v);
          spy?.(v, item);
        }}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

function MultiHost(
  props: Partial<Omit<Extract<SelectProps<Item>, { multiple: true }>, 'multiple'>> & {
    initial?: OptionValue[];
    data?: readonly Item[] | readonly SelectGroup<Item>[];
  },
) {
  const { initial = [], ...rest } = props;
  const [value, setValue] = useState<OptionValue[]>(initial);
  return (
    <>
      <Select<Item>
        label="Currencies"
        data={CURRENCIES}
        {...rest}
        multiple
        value={value}
        onChange={setValue}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const REGIONS = [
  { title: 'Dubai office', id: 7 },
  { title: 'London office', id: 9 },
];

function RegionHost() {
  const [value, setValue] = useState<OptionValue | null>(9);
  return (
    <>
      <Select
        label="Region"
        data={REGIONS}
        displayField="title"
        valueField="id"
        value={value}
        onChange={setValue}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const valueText = () => screen.getByTestId('value').textContent;

describe('Select, single choice', () => {
  it('opens from the labelled button, lists items by the named field and selects by the value field', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<SingleHost spy={spy} />);
    const target = screen.getByRole('combobox', { name: 'Currency' });
    expect(target).toHaveTextContent('Pick one');
    await user.click(target);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['US Dollar', 'Euro', 'Pound sterling']);
    await user.click(screen.getByRole('option', { name: 'Euro' }));
    expect(spy).toHaveBeenCalledWith('EUR', CURRENCIES[1]);
    expect(target).toHaveTextContent('Euro');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('honours other display and value fields', async () => {
    const { user } = renderWithProviders(<RegionHost />);
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveTextContent('London office');
    await user.click(screen.getByRole('combobox', { name: 'Region' }));
    await user.click(await screen.findByRole('option', { name: 'Dubai office' }));
    // the number type of the id is kept
    expect(valueText()).toBe('7');
  });

  it('offers Clear for an optional field with a value and resets to null', async () => {
    const { user } = renderWithProviders(<SingleHost initial="GBP" />);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(valueText()).toBe('null');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('hides Clear when the field is required', () => {
    renderWithProviders(<SingleHost initial="GBP" required />);
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('hides Clear when clearing is disabled', () => {
    renderWithProviders(<SingleHost initial="GBP" clearable={false} />);
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('shows the extra value right-aligned beside each item', async () => {
    const { user } = renderWithProviders(<SingleHost extraField="rate" />);
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    const euro = await screen.findByRole('option', { name: /Euro/ });
    const extra = within(euro).getByText('0.92');
    expect(extra).toHaveStyle({ textAlign: 'right' });
  });

  it("filters by name case-insensitively in the 'Start typing...' box", async () => {
    const { user } = renderWithProviders(<SingleHost searchable />);
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    const search = await screen.findByPlaceholderText('Start typing...');
    await user.type(search, 'EUR');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Euro']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Nothing found')).toBeInTheDocument();
  });

  it('has no search box unless asked', async () => {
    const { user } = renderWithProviders(<SingleHost />);
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await screen.findByRole('listbox');
    expect(screen.queryByPlaceholderText('Start typing...')).not.toBeInTheDocument();
  });

  it('can be used with the keyboard alone', async () => {
    const { user } = renderWithProviders(<SingleHost />);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(valueText()).toBe('"EUR"');
  });

  it('prefills from the query parameter named like the control', () => {
    renderWithProviders(<SingleHost name="currency" filtering />, { url: '/rates?currency=GBP' });
    expect(valueText()).toBe('"GBP"');
  });

  it('waits for items that arrive later before prefilling', async () => {
    const { rerender } = renderWithProviders(<SingleHost name="currency" filtering data={[]} />, {
      url: '/rates?currency=EUR',
    });
    expect(valueText()).toBe('null');
    rerender(<SingleHost name="currency" filtering data={CURRENCIES} />);
    expect(valueText()).toBe('"EUR"');
  });

  it('ignores the query parameter when filtering is off', () => {
    renderWithProviders(<SingleHost name="currency" />, { url: '/rates?currency=GBP' });
    expect(valueText()).toBe('null');
  });

  it('ignores a query value that names no item', () => {
    renderWithProviders(<SingleHost name="currency" filtering />, { url: '/rates?currency=JPY' });
    expect(valueText()).toBe('null');
  });

  it("says 'Required field' when closed empty and required", async () => {
    const { user } = renderWithProviders(<SingleHost required />);
    const target = screen.getByRole('combobox', { name: /Currency/ });
    await user.click(target);
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(target).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Select, multi choice', () => {
  it('shows a checkbox on every item and toggles items on and off', async () => {
    const { user } = renderWithProviders(<MultiHost />);
    await user.click(screen.getByRole('combobox', { name: 'Currencies' }));
    const usd = await screen.findByRole('option', { name: 'US Dollar' });
    expect(within(usd).getByRole('checkbox', { hidden: true })).not.toBeChecked();
    await user.click(usd);
    await user.click(screen.getByRole('option', { name: 'Pound sterling' }));
    expect(valueText()).toBe('["USD","GBP"]');
    // the list stays open for more choices
    expect(
      within(screen.getByRole('option', { name: 'US Dollar' })).getByRole('checkbox', { hidden: true }),
    ).toBeChecked();
    await user.click(screen.getByRole('option', { name: 'US Dollar' }));
    expect(valueText()).toBe('["GBP"]');
  });

  it('removes selected items one by one from their pills', async () => {
    const { user } = renderWithProviders(<MultiHost initial={['USD', 'EUR']} />);
    await user.click(screen.getByRole('button', { name: 'Remove US Dollar' }));
    expect(valueText()).toBe('["EUR"]');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('groups items under their titles', async () => {
    const groups: SelectGroup<Item>[] = [
      { title: 'Majors', children: [CURRENCIES[0]!, CURRENCIES[1]!] },
      { title: 'Others', children: [CURRENCIES[2]!] },
    ];
    const { user } = renderWithProviders(<MultiHost data={groups} searchable />);
    await user.click(screen.getByRole('combobox', { name: 'Currencies' }));
    expect(await screen.findByText('Majors')).toBeInTheDocument();
    expect(screen.getByText('Others')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Pound sterling' }));
    expect(valueText()).toBe('["GBP"]');
    // search hides a group left without items
    await user.type(screen.getByPlaceholderText('Start typing...'), 'dollar');
    expect(screen.queryByText('Others')).not.toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['US Dollar']);
  });

  it('selects or clears a whole group from its title when groups are selectable', async () => {
    const groups: SelectGroup<Item>[] = [
      { title: 'Majors', children: [CURRENCIES[0]!, CURRENCIES[1]!] },
      { title: 'Others', children: [CURRENCIES[2]!] },
    ];
    const { user } = renderWithProviders(<MultiHost data={groups} selectableGroups initial={['EUR']} />);
    await user.click(screen.getByRole('combobox', { name: 'Currencies' }));
    await user.click(await screen.findByRole('option', { name: 'Majors' }));
    expect(valueText()).toBe('["EUR","USD"]');
    await user.click(screen.getByRole('option', { name: 'Majors' }));
    expect(valueText()).toBe('[]');
  });

  it('prefills several values from a comma-separated query parameter', () => {
    renderWithProviders(<MultiHost name="ccy" filtering />, { url: '/?ccy=GBP,USD' });
    expect(valueText()).toBe('["GBP","USD"]');
  });

  it("says 'Required field' when left empty and required", async () => {
    const { user } = renderWithProviders(<MultiHost required />);
    await user.click(screen.getByRole('combobox', { name: /Currencies/ }));
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Required field')).toBeInTheDocument();
  });
});

describe('Select, naming and pills', () => {
  it('takes aria-label for a field without a visible label and names the focusable input by it', () => {
    renderWithProviders(
      <>
        <SingleHost label={undefined} aria-label="Invoice currency" />
        <MultiHost label={undefined} aria-label="Report currencies" />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Invoice currency' }).tagName).toBe('BUTTON');
    expect(screen.getByRole('combobox', { name: 'Report currencies' }).tagName).toBe('INPUT');
  });

  it('gives the multi-choice field its id on one element only: the input its label points to', () => {
    renderWithProviders(<MultiHost id="ccy-field" initial={['USD']} />);
    const owners = document.querySelectorAll('[id="ccy-field"]');
    expect(owners).toHaveLength(1);
    expect(owners[0]).toBe(screen.getByRole('combobox', { name: 'Currencies' }));
    expect(screen.getByText('Currencies').closest('label')).toHaveAttribute('for', 'ccy-field');
  });

  it('removes a pill by mouse or keyboard without opening the list', async () => {
    const { user } = renderWithProviders(<MultiHost initial={['USD', 'EUR', 'GBP']} />);
    const field = screen.getByRole('combobox', { name: 'Currencies' });
    await user.click(screen.getByRole('button', { name: 'Remove US Dollar' }));
    expect(valueText()).toBe('["EUR","GBP"]');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    screen.getByRole('button', { name: 'Remove Euro' }).focus();
    await user.keyboard('{Enter}');
    expect(valueText()).toBe('["GBP"]');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
