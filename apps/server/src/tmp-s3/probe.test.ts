import { afterAll, beforeAll, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('probe', async () => {
  const doc = t.app.swagger() as any;
  for (const [p, ops] of Object.entries(doc.paths)) for (const [m, op] of Object.entries(ops as any)) if ((op as any).requestBody) console.log(m, p, JSON.stringify((op as any).requestBody).slice(0, 120));
  console.log(t.app.routeTable.length);
});
