import { afterAll, beforeAll, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
let t: TestContext;
beforeAll(async () => { t = await createTestContext(); });
afterAll(() => t.close());
it('probe', async () => {
  const token = await t.login('Admin');
  const urls = ['currencies/?search=%00', 'clients/?search=%00', 'clients/?search=a%01b', 'users/?region=99999999999', 'users/?region=0x10', 'users/?search=%00', 'clients/0x10/', 'clients/00001/', 'clients/1e1/', 'clients/1.0/', 'clients/+5/', 'clients/%205/', 'clients/2147483648/', 'region/?limit=1e1', 'region/?limit=010', 'search/?search=%00', 'managers/?search=%00','audit/?entity=%00', 'clients/?exclude=1,0x10', 'clients/?search=%ED%A0%80', 'users/?search=%ED%A0%80x'];
  for (const url of urls) {
    const res = await t.request({ method: 'GET', url, token });
    console.log(url, res.statusCode, res.body.slice(0, 200));
  }
  const posts: [string, string, unknown][] = [
    ['POST', 'users/', { name: 'a\u0000b', email: 'x@example.com', role: 'FO', password: 'abcdefghijk', region_id: 2147483648 }],
    ['POST', 'users/', { name: 'ab', email: 'x@example.com', role: 'FO', password: 'abcdefghijk', region_id: 2147483648 }],
    ['POST', 'clients/', { first_name: 'a\u0000b', last_name: 'x' }],
    ['POST', 'clients/', { first_name: 'a', last_name: 'x', notes: 'line1\nline2\ttab' }],
    ['POST', 'clients/', { first_name: 'a\nb', last_name: 'x' }],
    ['POST', 'clients/', { first_name: 'a\ud800b', last_name: 'x' }],
    ['POST', 'region/', { title: 'a\u0000b', ccy: 'GBP' }],
    ['POST', 'suppliers/', { name: 'a', type: 'Hotel', payment_terms_days: '-5' }],
    ['PATCH', 'clients/1/', { version: 2147483648 }],
    ['POST', 'exchange-rates/', { original_currency: {named:'GBP'}, target_currency: {named:'USD'}, rate_sell: '1,17', rate_buy: '0' }],
  ];
  for (const [method, url, payload] of posts) {
    const res = await t.request({ method: method as 'POST', url, token, payload: payload as object });
    console.log(method, url, res.statusCode, res.body.slice(0, 300));
  }
});
