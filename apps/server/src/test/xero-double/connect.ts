import type { TestContext } from '../harness.ts';
import { consent } from './consent.ts';
import type { XeroDouble } from './index.ts';

export { consent } from './consent.ts';

/**
 * Connects the app to the double the way a person does: `xero/auth/`, "Allow access" on the
 * consent page, then `xero/code/` with the code and state of the redirect.
 */
export async function connectXero(t: TestContext, double: XeroDouble, token: string): Promise<void> {
  const auth = await t.request({ method: 'GET', url: 'xero/auth/', token });
  if (auth.statusCode !== 200) throw new Error(`xero/auth/ answered ${auth.statusCode}: ${auth.body}`);
  const back = await consent(double, auth.json().data.url as string, 'allow');
  const code = back.searchParams.get('code') ?? '';
  const state = back.searchParams.get('state') ?? '';
  const done = await t.request({
    method: 'GET',
    url: `xero/code/?${new URLSearchParams({ code, state })}`,
    token,
  });
  if (done.statusCode !== 200) throw new Error(`xero/code/ answered ${done.statusCode}: ${done.body}`);
  if (!done.json().data.authorized) throw new Error(`xero/code/ did not connect: ${done.body}`);
}
