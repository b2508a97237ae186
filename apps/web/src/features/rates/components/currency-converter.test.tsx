import { convertForHeader } from '@app/shared/rates/converter';
import type { RateLike } from '@app/shared/rates/rate-lookup';
import { sampleRecords } from '@app/shared/rates/rates.fixtures';
import { PAIR_REFS } from '@app/shared/rates/rates.schemas';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import {
  CONVERTER_DEBOUNCE_MS,
  CurrencyConverter,
  CurrencyConverterForm,
  useConverter,
} from './currency-converter.tsx';

// The real converter, watched: how often the debounced calculation runs.
vi.mock('@app/shared/rates/converter', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@app/shared/rates/converter')>();
  return { ...actual, convertForHeader: vi.fn(actual.convertForHeader) };
});

function Harness({ rates }: { rates: readonly RateLike[] }) {
  const converter = useConverter(rates);
  return <CurrencyConverterForm converter={converter} currencies={['GBP', 'USD', 'EUR', 'AED']} />;
}

const result = () => screen.getByTestId('converted-amount') as HTMLInputElement;
const amount = () => screen.getByRole('textbox', { name: /Amount/ }) as HTMLInputElement;
const from = () => screen.getByRole('combobox', { name: /From/ });
const to = () => screen.getByRole('combobox', { name: /To/ });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(convertForHeader).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the header converter (spec 5 and 9)', () => {
  it('starts at 1 USD to GBP and shows the result 500 ms later, to 4 decimals', () => {
    renderPage(<Harness rates={sampleRecords()} />, { fakeTimers: true });
    expect(from()).toHaveValue('USD');
    expect(to()).toHaveValue('GBP');
    expect(amount()).toHaveValue('1');
    advance(CONVERTER_DEBOUNCE_MS - 1);
    expect(result()).toHaveValue('');
    advance(1);
    expect(result()).toHaveValue('0.7825'); // the stored inverse record: 1 / 1.2780
  });

  it('recalculates only 500 ms after the last change', async () => {
    const { user } = renderPage(<Harness rates={sampleRecords()} />, { fakeTimers: true });
    advance(CONVERTER_DEBOUNCE_MS);
    await user.selectOptions(from(), 'GBP');
    await user.selectOptions(to(), 'AED');
    await user.clear(amount());
    await user.type(amount(), '10');
    advance(300);
    await user.type(amount(), '0'); // 100, typed 300 ms after the last change
    advance(CONVERTER_DEBOUNCE_MS - 1);
    expect(result()).toHaveValue('0.7825'); // still the first answer: nothing recalculated yet
    advance(1);
    expect(result()).toHaveValue('464.5000'); // 100 × 4.6450
  });

  it('returns the amount itself for the same currency', async () => {
    const { user } = renderPage(<Harness rates={[]} />, { fakeTimers: true });
    await user.selectOptions(from(), 'EUR');
    await user.selectOptions(to(), 'EUR');
    await user.clear(amount());
    await user.type(amount(), '12.5');
    advance(CONVERTER_DEBOUNCE_MS);
    expect(result()).toHaveValue('12.5000');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("asks to 'Fill all required fields' and marks the empty ones", async () => {
    const { user } = renderPage(<Harness rates={sampleRecords()} />, { fakeTimers: true });
    await user.clear(amount());
    await user.selectOptions(to(), '');
    advance(CONVERTER_DEBOUNCE_MS);
    expect(screen.getByRole('alert')).toHaveTextContent('Fill all required fields');
    expect(screen.getAllByText('Required field')).toHaveLength(2);
    expect(result()).toHaveValue('');
  });

  it("gives 0 and 'Rate not found for this currencies' when no rate exists", async () => {
    const onlyGbpUsd = sampleRecords().slice(0, 2);
    const { user } = renderPage(<Harness rates={onlyGbpUsd} />, { fakeTimers: true });
    await user.selectOptions(from(), 'EUR');
    await user.selectOptions(to(), 'AED');
    advance(CONVERTER_DEBOUNCE_MS);
    expect(result()).toHaveValue('0.0000');
    expect(screen.getByRole('alert')).toHaveTextContent('Rate not found for this currencies');
  });

  it('converts with the current rates from the server, in the header popover', async () => {
    fakeApi(({ url }) => {
      if (url === '/api/v1/exchange-rates/get-latest-rate/') {
        const createdAt = new Date().toISOString();
        return json(200, {
          data: { id: 1, created_at: createdAt, created_by: null, rates: sampleRecords(), pairs: PAIR_REFS },
        });
      }
      if (url === '/api/v1/currencies/')
        return json(200, {
          data: [
            { id: 1, named: 'GBP', title: 'Pound sterling' },
            { id: 2, named: 'AED', title: 'UAE dirham' },
          ],
        });
      return undefined;
    });
    const { user } = renderPage(<CurrencyConverter />, { fakeTimers: true });
    await user.click(screen.getByRole('button', { name: 'Currency converter' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONVERTER_DEBOUNCE_MS);
    });
    expect(result()).toHaveValue('0.7825');
  });

  it('settles when there are no rates yet ({data: null}): one calculation, no endless re-renders', async () => {
    const { calls } = fakeApi(({ url }) => {
      if (url === '/api/v1/exchange-rates/get-latest-rate/') return json(200, { data: null });
      if (url === '/api/v1/currencies/') return json(200, { data: [] });
      return undefined;
    });
    const { user } = renderPage(<CurrencyConverter />, { fakeTimers: true });
    await user.click(screen.getByRole('button', { name: 'Currency converter' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONVERTER_DEBOUNCE_MS);
    });
    expect(calls.some((c) => c.url === '/api/v1/exchange-rates/get-latest-rate/')).toBe(true);
    expect(screen.getByRole('alert')).toHaveTextContent('Rate not found for this currencies');
    expect(convertForHeader).toHaveBeenCalledTimes(1);
    // Ten more debounce periods: a new empty list each render would restart the calculation every time.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * CONVERTER_DEBOUNCE_MS);
    });
    expect(convertForHeader).toHaveBeenCalledTimes(1);
    expect(result()).toHaveValue('0.0000');
  });
});
