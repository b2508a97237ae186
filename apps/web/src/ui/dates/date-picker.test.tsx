import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ControlledHost, valueText } from '../../test/controlled-host.tsx';
import { dateFieldQueries } from '../../test/date-field-queries.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DatePicker, type DatePickerProps } from './date-picker';

const TODAY = '2024-03-14';

function Host(
  props: Partial<DatePickerProps> & { initial?: string | null; spy?: (v: string | null) => void },
) {
  const { initial = null, spy, ...rest } = props;
  return (
    <ControlledHost
      initial={initial}
      spy={spy}
      render={(value, onChange) => (
        <DatePicker label="Date" today={TODAY} {...rest} value={value} onChange={onChange} />
      )}
    >
      <button type="button">elsewhere</button>
    </ControlledHost>
  );
}

const { input, typeAndEnter, calendar, day } = dateFieldQueries(/Date/);

describe('DatePicker', () => {
  it('reads typed DD/MM/YYYY and closes on Enter', async () => {
    const { user } = renderWithProviders(<Host />);
    await user.click(input());
    expect(calendar()).toBeInTheDocument();
    await typeAndEnter(user, '07/03/2024');
    expect(valueText()).toBe('"2024-03-07"');
    expect(input()).toHaveValue('07/03/2024');
    expect(calendar()).not.toBeInTheDocument();
  });

  it('shows one month of 6 weeks without week numbers, and the Today and Clear buttons', async () => {
    const { user } = renderWithProviders(<Host initial="2024-03-10" />);
    await user.click(input());
    const popup = calendar()!;
    const tables = within(popup).getAllByRole('table');
    expect(tables).toHaveLength(1);
    expect(within(tables[0]!).getAllByRole('button')).toHaveLength(42);
    expect(popup.querySelector('[class*="weekNumber"]')).toBeNull();
    expect(within(popup).getByRole('button', { name: 'Today' })).toBeInTheDocument();
    expect(within(popup).getByRole('button', { name: 'Clear' })).toBeInTheDocument();
    expect(within(popup).queryByRole('button', { name: 'Custom Range' })).not.toBeInTheDocument();
  });

  it("names its popup after the field's label, not after the date typed in it", async () => {
    const { user } = renderWithProviders(<Host initial="2024-03-10" />);
    await user.click(input());
    expect(screen.getByRole('dialog', { name: 'Date calendar' })).toBeInTheDocument();
  });

  it('selects a clicked day, shows it as DD/MM/YYYY and closes', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Host initial="2024-03-10" spy={spy} />);
    await user.click(input());
    await user.click(day('21 March 2024'));
    expect(spy).toHaveBeenCalledWith('2024-03-21');
    expect(input()).toHaveValue('21/03/2024');
    expect(calendar()).not.toBeInTheDocument();
  });

  it('sets today with Today and empties with Clear', async () => {
    const { user } = renderWithProviders(<Host />);
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(valueText()).toBe(`"${TODAY}"`);
    expect(input()).toHaveValue('14/03/2024');
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(valueText()).toBe('null');
    expect(input()).toHaveValue('');
  });

  it('closes on Escape and on a click outside', async () => {
    const { user } = renderWithProviders(<Host />);
    await user.click(input());
    await user.keyboard('{Escape}');
    expect(calendar()).not.toBeInTheDocument();
    await user.click(input());
    expect(calendar()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(calendar()).not.toBeInTheDocument();
  });

  it('moves from days to months to years through the header', async () => {
    const { user } = renderWithProviders(<Host initial="2024-03-10" />);
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'March 2024' }));
    expect(screen.getByRole('button', { name: 'Jun' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2024' }));
    expect(screen.getByRole('button', { name: '2027' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2025' }));
    await user.click(screen.getByRole('button', { name: 'Jun' }));
    await user.click(day('18 June 2025'));
    expect(valueText()).toBe('"2025-06-18"');
  });

  it('shows a year page of 16 years in a 4 × 4 grid, turned 16 years at a time', async () => {
    const { user } = renderWithProviders(<Host initial="2024-03-10" />);
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'March 2024' }));
    await user.click(screen.getByRole('button', { name: '2024' }));
    const page = () => screen.getByRole('table', { name: /^Years/ });
    const years = () =>
      within(page())
        .getAllByRole('button')
        .map((b) => Number(b.textContent));
    expect(page()).toHaveAccessibleName('Years 2017 to 2032');
    expect(years()).toEqual(Array.from({ length: 16 }, (_, i) => 2017 + i));
    expect(
      within(page())
        .getAllByRole('row')
        .map((r) => within(r).getAllByRole('button').length),
    ).toEqual([4, 4, 4, 4]);
    expect(screen.getByText('2017 – 2032')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next years' }));
    expect(years()[0]).toBe(2033);
    expect(years()).toHaveLength(16);
    await user.click(screen.getByRole('button', { name: 'Previous years' }));
    await user.click(screen.getByRole('button', { name: 'Previous years' }));
    expect(years()).toEqual(Array.from({ length: 16 }, (_, i) => 2001 + i));

    // a year leads to its months, then its days
    await user.click(screen.getByRole('button', { name: '2010' }));
    expect(screen.getByRole('button', { name: '2010' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Jun' }));
    await user.click(day('18 June 2010'));
    expect(valueText()).toBe('"2010-06-18"');
  });

  it('moves through the year page with the arrows, turning the page at its edge', async () => {
    const { user } = renderWithProviders(<Host initial="2024-03-10" />);
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'March 2024' }));
    await user.click(screen.getByRole('button', { name: '2024' }));
    // the header button is gone: the shown year takes the focus
    expect(screen.getByRole('button', { name: '2024' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: '2028' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('table', { name: /^Years/ })).toHaveAccessibleName('Years 2001 to 2016');
    expect(screen.getByRole('button', { name: '2016' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: '2017' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Jun' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2017' })).toBeInTheDocument();
  });

  it('disables the years outside the bounds on the year page', async () => {
    const { user } = renderWithProviders(
      <Host initial="2024-03-10" minDate="2020-05-01" maxDate="2026-01-31" />,
    );
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'March 2024' }));
    await user.click(screen.getByRole('button', { name: '2024' }));
    expect(screen.getByRole('button', { name: '2019' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '2020' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '2027' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous years' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next years' })).toBeDisabled();
  });

  it("answers 'Invalid date format' for text that is not a date and gives the form no date", async () => {
    const onDateIssue = vi.fn();
    const { user } = renderWithProviders(<Host initial="2024-03-10" onDateIssue={onDateIssue} />);
    await user.clear(input());
    await typeAndEnter(user, '31/02/2024');
    expect(screen.getByText('Invalid date format')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveValue('31/02/2024');
    expect(valueText()).toBe('null');
    expect(onDateIssue).toHaveBeenLastCalledWith({ kind: 'invalid', message: 'Invalid date format' });
  });

  it('clamps a day before the minimum to it and flags minDate', async () => {
    const onDateIssue = vi.fn();
    const { user } = renderWithProviders(<Host minDate="2024-03-05" onDateIssue={onDateIssue} />);
    await typeAndEnter(user, '01/03/2024');
    expect(valueText()).toBe('"2024-03-05"');
    expect(input()).toHaveValue('05/03/2024');
    expect(screen.getByText('Minimum date: 05/03/2024')).toBeInTheDocument();
    expect(onDateIssue).toHaveBeenLastCalledWith({ kind: 'minDate', message: 'Minimum date: 05/03/2024' });
  });

  it('clamps a day after the maximum to it and flags maxDate, on leaving the field', async () => {
    const { user } = renderWithProviders(<Host maxDate="2024-03-20" />);
    await user.type(input(), '25/12/2024');
    await user.tab();
    expect(valueText()).toBe('"2024-03-20"');
    expect(screen.getByText('Maximum date: 20/03/2024')).toBeInTheDocument();
  });

  it('disables days outside the bounds in the calendar', async () => {
    const { user } = renderWithProviders(
      <Host initial="2024-03-10" minDate="2024-03-05" maxDate="2024-03-20" />,
    );
    await user.click(input());
    expect(day('4 March 2024')).toBeDisabled();
    expect(day('5 March 2024')).toBeEnabled();
    expect(day('21 March 2024')).toBeDisabled();
  });

  it('respects disabled days of the week, disabled dates and enabled dates', async () => {
    const { user, unmount } = renderWithProviders(
      <Host initial="2024-03-10" disabledDaysOfWeek={[0, 6]} disabledDates={['2024-03-12']} />,
    );
    await user.click(input());
    expect(day('9 March 2024')).toBeDisabled(); // Saturday
    expect(day('12 March 2024')).toBeDisabled();
    expect(day('13 March 2024')).toBeEnabled();
    unmount();

    const second = renderWithProviders(
      <Host initial="2024-03-10" enabledDates={['2024-03-18', '2024-03-19']} />,
    );
    await second.user.click(input());
    expect(day('18 March 2024')).toBeEnabled();
    expect(day('17 March 2024')).toBeDisabled();
  });

  it('lets days of other months be picked only when enabled', async () => {
    const { user, unmount } = renderWithProviders(<Host initial="2024-03-10" />);
    await user.click(input());
    expect(day('29 February 2024')).toBeDisabled();
    unmount();

    const second = renderWithProviders(<Host initial="2024-03-10" allowOtherMonths />);
    await second.user.click(input());
    await second.user.click(day('29 February 2024'));
    expect(valueText()).toBe('"2024-02-29"');
  });

  it("says 'Required field' when a required field is left empty", async () => {
    const { user } = renderWithProviders(<Host required />);
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.getByText('Required field')).toBeInTheDocument();
  });

  it('opens with ArrowDown and moves focus into the calendar', async () => {
    const { user } = renderWithProviders(<Host initial="2024-03-10" />);
    await user.tab();
    expect(input()).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(calendar()).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(day('10 March 2024')).toHaveFocus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(valueText()).toBe('"2024-03-11"');
  });

  it('opens below by default and above when asked', async () => {
    const { user, unmount } = renderWithProviders(<Host />);
    await user.click(input());
    expect(calendar()).toHaveAttribute('data-position', 'bottom-start');
    unmount();
    const second = renderWithProviders(<Host position="top" />);
    await second.user.click(input());
    expect(calendar()).toHaveAttribute('data-position', 'top-start');
  });

  it('renders the popup in the page body', async () => {
    const { user, container } = renderWithProviders(<Host />, { mantineEnv: 'default' });
    await user.click(input());
    const popup = await screen.findByRole('dialog', { hidden: true });
    expect(container.contains(popup)).toBe(false);
    expect(popup.closest('[data-portal]')?.parentElement).toBe(document.body);
  });

  it('shows a value set from outside', () => {
    renderWithProviders(<Host initial="2024-12-01" />);
    expect(input()).toHaveValue('01/12/2024');
  });

  it('keeps the typed text while it is being typed', () => {
    renderWithProviders(<Host />);
    fireEvent.change(input(), { target: { value: '07/0' } });
    expect(input()).toHaveValue('07/0');
    expect(valueText()).toBe('null');
  });
});
