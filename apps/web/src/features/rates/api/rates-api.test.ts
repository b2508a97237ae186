import { sampleRecords } from '@app/shared/rates/rates.fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api.ts';
import { createExchangeRate } from './create-exchange-rate.ts';
import { deleteExchangeRate } from './delete-exchange-rate.ts';
import { getLastRate } from './get-last-rate.ts';
import { getPairRate } from './get-pair-rate.ts';
import { getRatesOnDate, toApiDate } from './get-rates-on-date.ts';
import { updateExchangeRate } from './update-exchange-rate.ts';

afterEach(() => vi.unstubAllGlobals());

const [direct] = sampleRecords();
const answering = (status: number, body: unknown) => fakeApi(() => json(status, body));

describe('rates API calls (spec 7): method, path and query', () => {
  it('getRatesOnDate sends the day as YYYY-MM-DD, from text or a Date', async () => {
    const { calls } = answering(200, { data: null });
    await expect(getRatesOnDate('2026-03-05')).resolves.toBeNull();
    await getRatesOnDate(new Date(2026, 2, 6, 12, 0)); // noon on 6 March where the browser is
    await getRatesOnDate(new Date(2026, 2, 7)); // a date picker's midnight stays on its day
    await getRatesOnDate('2026-03-08T23:30:00.000Z');
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/v1/rates/on-date/?date=2026-03-05'],
      ['GET', '/api/v1/rates/on-date/?date=2026-03-06'],
      ['GET', '/api/v1/rates/on-date/?date=2026-03-07'],
      ['GET', '/api/v1/rates/on-date/?date=2026-03-08'],
    ]);
    expect(toApiDate('not a date')).toBe('not a date'); // the server refuses it with its own message
  });

  it('getPairRate asks for a to b, with the date and side only when given', async () => {
    const resolved = { rate: '1.265000', route: 'direct' };
    const { calls } = answering(200, { data: resolved });
    await expect(getPairRate('GBP', 'USD')).resolves.toEqual(resolved);
    await getPairRate('USD', 'AED', { date: '2026-03-05', side: 'buy' });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/v1/exchange-rates/GBP/USD/'],
      ['GET', '/api/v1/exchange-rates/USD/AED/?date=2026-03-05&side=buy'],
    ]);
  });

  it('getLastRate asks for exactly that pair, on or before a day', async () => {
    const { calls } = answering(200, { data: direct });
    await expect(getLastRate({ original_currency: 'GBP', target_currency: 'USD' })).resolves.toEqual(direct);
    await getLastRate({ original_currency: 'EUR', target_currency: 'AED', date: '2026-03-05' });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/v1/exchange-rates/get-last-rate/?original_currency=GBP&target_currency=USD'],
      [
        'GET',
        '/api/v1/exchange-rates/get-last-rate/?original_currency=EUR&target_currency=AED&date=2026-03-05',
      ],
    ]);
  });

  it('createExchangeRate posts one pair to exchange-rates/', async () => {
    const { calls } = answering(201, { data: direct });
    const body = {
      original_currency: { named: 'GBP' as const },
      target_currency: { named: 'USD' as const },
      rate_sell: '1.2650',
      rate_buy: '1.2780',
    };
    await expect(createExchangeRate(body)).resolves.toEqual(direct);
    expect(calls).toEqual([{ method: 'POST', url: '/api/v1/exchange-rates/', body }]);
  });

  it('updateExchangeRate patches the full record at exchange-rates/{id}/', async () => {
    const { calls } = answering(200, { data: direct });
    const body = { ...direct!, rate: '1.27', rate_sell: '1.27' };
    await expect(updateExchangeRate(body)).resolves.toEqual(direct);
    expect(calls).toEqual([{ method: 'PATCH', url: `/api/v1/exchange-rates/${direct!.id}/`, body }]);
  });

  it('deleteExchangeRate deletes exchange-rates/{id}/', async () => {
    const { calls } = answering(204, null);
    await expect(deleteExchangeRate(101)).resolves.toBeUndefined();
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/v1/exchange-rates/101/', body: undefined }]);
  });
});
