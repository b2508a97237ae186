import { buildRateSetEntries } from '@app/shared/rates/rate-lookup';
import { SAMPLE_PAIR_VALUES, sampleRecords } from '@app/shared/rates/rates.fixtures';
import { RATE_LIMITS } from '@app/shared/rates/rates.schemas';
import { minValueMessage } from '@app/shared/validation/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { ExchangeRateDialog, type ExchangeRateDialogProps, RATE_FIELDS } from './exchange-rate-dialog.tsx';
import { inputRate } from './rate-format.ts';

afterEach(() => vi.unstubAllGlobals());

const ROWS = ['GBP / USD', 'GBP / EUR', 'EUR / USD', 'GBP / AED', 'USD / AED', 'EUR / AED'];

function open(props: Partial<ExchangeRateDialogProps> = {}) {
  const onClose = vi.fn();
  const view = renderPage(<ExchangeRateDialog opened onClose={onClose} {...props} />, { url: '/requests' });
  return { ...view, onClose };
}

/** SAMPLE_PAIR_VALUES as the pre-filled inputs show (and send) them: '1.2650' is '1.265'. */
const PREFILLED = Object.fromEntries(Object.entries(SAMPLE_PAIR_VALUES).map(([k, v]) => [k, inputRate(v)]));

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

async function fillAll(user: ReturnType<typeof open>['user'], values: Record<string, string>) {
  for (const field of RATE_FIELDS) await user.type(input(field), values[field]!);
}

describe('ExchangeRateDialog (spec 2.5)', () => {
  it("is titled 'New exchange rate' with a 'Create' button, without a record id", () => {
    open();
    expect(screen.getByRole('dialog', { name: 'New exchange rate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it("is titled 'Update exchange rate' with an 'Update' button when a record id is present", () => {
    open({ recordId: 12 });
    expect(screen.getByRole('dialog', { name: 'Update exchange rate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it("has a 'Main info' heading and a Pairs / Sell / Buy table with one 'original / target' row per pair", () => {
    open();
    expect(screen.getByRole('heading', { name: 'Main info' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Pairs', 'Sell', 'Buy']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(ROWS);
  });

  it("gives each row a sell_ and a buy_ input with the placeholder 'rate*'", () => {
    open();
    const inputs = screen.getAllByPlaceholderText('rate*');
    expect(inputs).toHaveLength(12);
    expect(inputs.map((i) => i.id)).toEqual(RATE_FIELDS);
    expect(RATE_FIELDS.slice(0, 2)).toEqual(['sell_GBP_USD', 'buy_GBP_USD']);
  });

  it('takes only digits and one dot in a rate (the numeric mask), a comma counting as the dot', async () => {
    const { user } = open();
    await user.type(input('sell_GBP_USD'), 'a1,2.5x.7-');
    expect(input('sell_GBP_USD')).toHaveValue('1.257');
  });

  it("reads a decimal comma as the point: '1,17' is sent as 1.17, never 117", async () => {
    const { calls } = fakeApi(({ method }) =>
      method === 'POST'
        ? json(201, { data: { id: 1, created_at: '', created_by: null, rates: [] } })
        : undefined,
    );
    const { user } = open({ previous: { ...SAMPLE_PAIR_VALUES, sell_EUR_USD: '' } });
    await user.type(input('sell_EUR_USD'), '1,09');
    expect(input('sell_EUR_USD')).toHaveValue('1.09');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual(buildRateSetEntries({ ...PREFILLED, sell_EUR_USD: '1.09' }));
  });

  it('pre-fills from a previous set, given as records or as pairsObj', () => {
    const { unmount } = open({ previous: sampleRecords() });
    expect(input('sell_GBP_USD')).toHaveValue('1.265');
    expect(input('buy_EUR_AED')).toHaveValue('4.026');
    unmount();
    open({ previous: { sell_GBP_USD: '1.3', buy_GBP_USD: '1.31' } });
    expect(input('sell_GBP_USD')).toHaveValue('1.3');
    expect(input('sell_GBP_EUR')).toHaveValue('');
  });

  it("makes the inputs read-only when the type is 'update'", async () => {
    const { user } = open({ type: 'update', recordId: 3, previous: sampleRecords() });
    for (const field of RATE_FIELDS) expect(input(field)).toHaveAttribute('readonly');
    await user.type(input('sell_GBP_USD'), '9');
    expect(input('sell_GBP_USD')).toHaveValue('1.265');
  });

  it('closes from the header close button without a result', async () => {
    const { user, onClose } = open();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith();
  });

  it('on an invalid submit marks every field and sends nothing', async () => {
    const { calls } = fakeApi();
    const { user, onClose } = open({ previous: { sell_GBP_USD: '1.2' } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getAllByText('Required field')).toHaveLength(11));
    for (const field of RATE_FIELDS.filter((f) => f !== 'sell_GBP_USD')) {
      expect(input(field)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(input('sell_GBP_USD')).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a zero rate before sending', async () => {
    const { calls } = fakeApi();
    const { user } = open({ previous: { ...SAMPLE_PAIR_VALUES, sell_USD_AED: '0' } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(minValueMessage(RATE_LIMITS.min))).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("keeps a typed minus and refuses the rate with 'Minimum value', instead of sending it unsigned", async () => {
    const { calls } = fakeApi();
    const { user } = open({ previous: { ...SAMPLE_PAIR_VALUES, sell_USD_AED: '' } });
    await user.type(input('sell_USD_AED'), '-3.67');
    expect(input('sell_USD_AED')).toHaveValue('-3.67');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(minValueMessage(RATE_LIMITS.min))).toBeInTheDocument();
    expect(input('sell_USD_AED')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('refuses a pair whose buy is below its sell, under that buy input, and sends nothing', async () => {
    const { calls } = fakeApi(({ method }) =>
      method === 'POST'
        ? json(201, { data: { id: 1, created_at: '', created_by: null, rates: [] } })
        : undefined,
    );
    const { user } = open({ previous: { ...SAMPLE_PAIR_VALUES, buy_GBP_EUR: '1.1630' } }); // sell 1.1640
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Buy must be at least sell')).toBeInTheDocument();
    expect(input('buy_GBP_EUR')).toHaveAttribute('aria-invalid', 'true');
    expect(input('sell_GBP_EUR')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Buy must be at least sell')).toHaveLength(1);
    expect(calls).toHaveLength(0);

    // lowering the sell mends it; buy equal to sell is fine
    await user.clear(input('sell_GBP_EUR'));
    await user.type(input('sell_GBP_EUR'), '1.163');
    await waitFor(() => expect(screen.queryByText('Buy must be at least sell')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual(
      buildRateSetEntries({ ...PREFILLED, sell_GBP_EUR: '1.163', buy_GBP_EUR: '1.163' }),
    );
  });

  it("accepts '.5' and '1.' as the mask lets them through, and sends them as 0.5 and 1", async () => {
    const { calls } = fakeApi(({ method }) =>
      method === 'POST'
        ? json(201, { data: { id: 1, created_at: '', created_by: null, rates: [] } })
        : undefined,
    );
    const { user } = open();
    await fillAll(user, { ...SAMPLE_PAIR_VALUES, sell_GBP_EUR: '.5', sell_GBP_USD: '1.' });
    expect(input('sell_GBP_EUR')).toHaveValue('0.5'); // written out once the field is left
    await user.click(input('buy_GBP_USD'));
    await user.click(input('sell_GBP_USD'));
    await user.tab();
    expect(input('sell_GBP_USD')).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual(
      buildRateSetEntries({ ...SAMPLE_PAIR_VALUES, sell_GBP_EUR: '0.5', sell_GBP_USD: '1' }),
    );
    expect(screen.queryByText('Only numbers allowed')).not.toBeInTheDocument();
  });

  it("sends '4.' as 4 even when submitted straight from the field (Enter, no blur)", async () => {
    const { calls } = fakeApi(({ method }) =>
      method === 'POST'
        ? json(201, { data: { id: 1, created_at: '', created_by: null, rates: [] } })
        : undefined,
    );
    const { user } = open({ previous: { ...SAMPLE_PAIR_VALUES, buy_EUR_AED: '' } });
    await user.type(input('buy_EUR_AED'), '4.{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual(buildRateSetEntries({ ...PREFILLED, buy_EUR_AED: '4' }));
  });

  it('asks before saving rates more than 20% away from the current set; Cancel keeps the dialog open', async () => {
    const { calls } = fakeApi(({ method }) =>
      method === 'POST'
        ? json(201, { data: { id: 1, created_at: '', created_by: null, rates: [] } })
        : undefined,
    );
    const { user, onClose } = open({ previous: SAMPLE_PAIR_VALUES, current: sampleRecords() });
    // 1.265 -> 1.6 (+26.5%) and 1.278 -> 1.61; 1.086 -> 1.2 (+10.5%) is within the limit
    await user.clear(input('buy_GBP_USD'));
    await user.type(input('buy_GBP_USD'), '1.61');
    await user.clear(input('sell_GBP_USD'));
    await user.type(input('sell_GBP_USD'), '1.6');
    await user.clear(input('buy_EUR_USD'));
    await user.type(input('buy_EUR_USD'), '1.2');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const confirm = await screen.findByRole('alertdialog', { name: /moved more than 20%/ });
    expect(
      within(confirm)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['GBP / USD sell: 1.265 → 1.6 (+26.5%)', 'GBP / USD buy: 1.278 → 1.61 (+26.0%)']);
    expect(calls).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New exchange rate' })).toBeInTheDocument();
    expect(input('sell_GBP_USD')).toHaveValue('1.6');
    expect(onClose).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual(
      buildRateSetEntries({ ...PREFILLED, sell_GBP_USD: '1.6', buy_GBP_USD: '1.61', buy_EUR_USD: '1.2' }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('catches a rate typed a hundred times too large (a lost decimal point) against the current set', async () => {
    const { calls } = fakeApi();
    const { user } = open({
      previous: { ...SAMPLE_PAIR_VALUES, sell_EUR_USD: '' },
      current: SAMPLE_PAIR_VALUES,
    });
    await user.type(input('sell_EUR_USD'), '117');
    await user.clear(input('buy_EUR_USD'));
    await user.type(input('buy_EUR_USD'), '118');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('EUR / USD sell: 1.086 → 117 (+10673.5%)');
    expect(calls).toHaveLength(0);
  });

  it('sends createRates, disables the button while saving, then hands the set to the closer and goes to the exchange-rates page', async () => {
    let answer!: (r: Response) => void;
    const stored = {
      id: 9,
      created_at: '2026-03-01T10:00:00.000Z',
      created_by: null,
      rates: sampleRecords(),
    };
    const { calls } = fakeApi(({ method, url }) =>
      method === 'POST' && url === '/api/v1/rates/'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : undefined,
    );
    const { user, onClose, router } = open();
    await fillAll(user, SAMPLE_PAIR_VALUES);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(calls[0]!.body).toEqual(buildRateSetEntries(SAMPLE_PAIR_VALUES));
    answer(json(201, { data: stored }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(stored));
    expect(router.state.location.pathname).toBe('/accounting/exchange-rates');
  });

  it('on a failed save only ends loading: no close, no navigation, no message of its own', async () => {
    fakeApi(({ method }) => (method === 'POST' ? json(500, { errors: { detail: 'boom' } }) : undefined));
    const { user, onClose, router } = open({ previous: SAMPLE_PAIR_VALUES });
    const before = document.querySelector('[role="dialog"]')!.textContent;
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/requests');
    expect(document.querySelector('[role="dialog"]')!.textContent).toBe(before);
  });
});
