import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ControlledHost, valueText } from '../../test/controlled-host.tsx';
import { dateFieldQueries } from '../../test/date-field-queries.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DateRangePicker, type DateRangePickerProps, type DateRangeValue } from './date-range-picker';

const TODAY = '2024-03-14';

function Host(
  props: Partial<DateRangePickerProps> & { initial?: DateRangeValue; spy?: (v: DateRangeValue) => void },
) {
  const { initial = [null, null], spy, ...rest } = props;
  return (
    <ControlledHost
      initial={initial}
      spy={spy}
      render={(value, onChange) => (
        <DateRangePicker label="Period" today={TODAY} {...rest} value={value} onChange={onChange} />
      )}
    >
      <button type="button">elsewhere</button>
    </ControlledHost>
  );
}

const { input, typeAndEnter, calendar, day } = dateFieldQueries(/Period/);

describe('DateRangePicker', () => {
  it('shows two months', async () => {
    const { user } = renderWithProviders(<Host />);
    await user.click(input());
    const tables = within(calendar()!).getAllByRole('table');
    expect(tables).toHaveLength(2);
    expect(screen.getByText('March 2024')).toBeInTheDocument();
    expect(screen.getByText('April 2024')).toBeInTheDocument();
  });

  it('reaches far years through one 16-year page and picks a range there', async () => {
    const { user } = renderWithProviders(<Host />);
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'March 2024' }));
    await user.click(screen.getByRole('button', { name: '2024' }));
    const page = screen.getByRole('table', { name: 'Years 2017 to 2032' });
    expect(within(page).getAllByRole('button')).toHaveLength(16);
    await user.click(within(page).getByRole('button', { name: '2019' }));
    await user.click(screen.getAllByRole('button', { name: 'Jan' })[0] as HTMLElement);
    expect(screen.getByText('January 2019')).toBeInTheDocument();
    expect(screen.getByText('February 2019')).toBeInTheDocument();
    await user.click(day('3 January 2019'));
    await user.click(day('20 February 2019'));
    expect(valueText()).toBe('["2019-01-03","2019-02-20"]');
  });

  it('sets the start, then the end with a later day, then closes', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Host spy={spy} />);
    await user.click(input());
    await user.click(day('10 March 2024'));
    expect(spy).not.toHaveBeenCalled();
    expect(calendar()).toBeInTheDocument();
    expect(day('10 March 2024')).toHaveAttribute('data-selected');
    await user.click(day('17 April 2024'));
    expect(spy).toHaveBeenCalledWith(['2024-03-10', '2024-04-17']);
    expect(input()).toHaveValue('10/03/2024 - 17/04/2024');
    expect(calendar()).not.toBeInTheDocument();
  });

  it('restarts the range when an earlier day follows the start', async () => {
    const { user } = renderWithProviders(<Host />);
    await user.click(input());
    await user.click(day('20 March 2024'));
    await user.click(day('12 March 2024'));
    expect(calendar()).toBeInTheDocument();
    expect(valueText()).toBe('[null,null]');
    await user.click(day('15 March 2024'));
    expect(valueText()).toBe('["2024-03-12","2024-03-15"]');
  });

  it('takes an equal day as the end', async () => {
    const { user } = renderWithProviders(<Host />);
    await user.click(input());
    await user.click(day('20 March 2024'));
    await user.click(day('20 March 2024'));
    expect(valueText()).toBe('["2024-03-20","2024-03-20"]');
    expect(calendar()).not.toBeInTheDocument();
  });

  it('highlights the days of the current range', async () => {
    const { user } = renderWithProviders(<Host initial={['2024-03-10', '2024-03-12']} />);
    await user.click(input());
    expect(day('11 March 2024')).toHaveAttribute('data-in-range');
    expect(day('13 March 2024')).not.toHaveAttribute('data-in-range');
  });

  it('forgets a half-chosen range when closed', async () => {
    const { user } = renderWithProviders(<Host initial={['2024-03-01', '2024-03-02']} />);
    await user.click(input());
    await user.click(day('20 March 2024'));
    await user.keyboard('{Escape}');
    expect(valueText()).toBe('["2024-03-01","2024-03-02"]');
  });

  it('sorts typed ends ascending before validating them', async () => {
    const { user } = renderWithProviders(<Host />);
    await typeAndEnter(user, '20/03/2024 - 10/03/2024');
    expect(valueText()).toBe('["2024-03-10","2024-03-20"]');
    expect(input()).toHaveValue('10/03/2024 - 20/03/2024');
  });

  it('clamps typed ends into the bounds and flags the bound', async () => {
    const onDateIssue = vi.fn();
    const { user } = renderWithProviders(
      <Host minDate="2024-03-05" maxDate="2024-03-25" onDateIssue={onDateIssue} />,
    );
    await typeAndEnter(user, '01/03/2024 - 10/03/2024');
    expect(valueText()).toBe('["2024-03-05","2024-03-10"]');
    expect(screen.getByText('Minimum date: 05/03/2024')).toBeInTheDocument();
    expect(onDateIssue).toHaveBeenLastCalledWith({ kind: 'minDate', message: 'Minimum date: 05/03/2024' });
    await user.clear(input());
    await typeAndEnter(user, '10/03/2024 - 30/03/2024');
    expect(valueText()).toBe('["2024-03-10","2024-03-25"]');
    expect(screen.getByText('Maximum date: 25/03/2024')).toBeInTheDocument();
  });

  it("answers 'Invalid date format' for text that is not a range", async () => {
    const { user } = renderWithProviders(<Host initial={['2024-03-01', '2024-03-02']} />);
    await user.clear(input());
    await typeAndEnter(user, '01/03/2024 - 99/99/2024');
    expect(screen.getByText('Invalid date format')).toBeInTheDocument();
    expect(valueText()).toBe('[null,null]');
  });

  it('limits the range length: later ends are disabled and typed ones cut back', async () => {
    const { user } = renderWithProviders(<Host maxRangeDays={7} />);
    await user.click(input());
    await user.click(day('10 March 2024'));
    expect(day('17 March 2024')).toBeEnabled();
    expect(day('18 March 2024')).toBeDisabled();
    await user.keyboard('{Escape}');
    await typeAndEnter(user, '01/03/2024 - 30/03/2024');
    expect(valueText()).toBe('["2024-03-01","2024-03-08"]');
  });

  it('lets days outside the two months be picked only when enabled', async () => {
    const { user, unmount } = renderWithProviders(<Host />);
    await user.click(input());
    expect(day('29 February 2024')).toBeDisabled();
    unmount();
    const second = renderWithProviders(<Host allowOtherMonths />);
    await second.user.click(input());
    expect(day('29 February 2024')).toBeEnabled();
  });

  it('respects disabled days of the week, disabled dates and enabled dates', async () => {
    const { user } = renderWithProviders(
      <Host disabledDaysOfWeek={[0]} disabledDates={['2024-03-13']} enabledDates={undefined} />,
    );
    await user.click(input());
    expect(day('10 March 2024')).toBeDisabled(); // Sunday
    expect(day('13 March 2024')).toBeDisabled();
    expect(day('12 March 2024')).toBeEnabled();
  });

  it('Today picks a one-day range and Clear empties it', async () => {
    const { user } = renderWithProviders(<Host />);
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(valueText()).toBe(`["${TODAY}","${TODAY}"]`);
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(valueText()).toBe('[null,null]');
    expect(input()).toHaveValue('');
  });

  it('lists preset ranges and shows the calendars after Custom Range', async () => {
    const ranges = [
      { label: 'Last 7 days', range: ['2024-03-08', '2024-03-14'] as [string, string] },
      { label: 'This month', range: ['2024-03-01', '2024-03-31'] as [string, string] },
    ];
    const { user } = renderWithProviders(<Host ranges={ranges} />);
    await user.click(input());
    expect(within(calendar()!).queryAllByRole('table')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'This month' }));
    expect(valueText()).toBe('["2024-03-01","2024-03-31"]');
    expect(calendar()).not.toBeInTheDocument();

    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'Custom Range' }));
    expect(within(calendar()!).getAllByRole('table')).toHaveLength(2);
    await user.click(day('4 March 2024'));
    await user.click(day('6 March 2024'));
    expect(valueText()).toBe('["2024-03-04","2024-03-06"]');
  });

  it('closes on a click outside and on Enter in the input', async () => {
    const { user } = renderWithProviders(<Host />);
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(calendar()).not.toBeInTheDocument();
    await user.click(input());
    await user.keyboard('{Enter}');
    expect(calendar()).not.toBeInTheDocument();
  });

  it("says 'Required field' when a required range is left empty", async () => {
    const { user } = renderWithProviders(<Host required />);
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.getByText('Required field')).toBeInTheDocument();
  });
});
