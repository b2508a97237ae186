import type { XeroDouble } from './index.ts';

/**
 * What a person does on the double's consent page: "Allow access" (submits the page's form) or
 * "Cancel" (follows its link). Answers the URL Xero redirects the browser to (`?code&state`, or
 * `?error=access_denied&state`).
 */
export async function consent(
  double: XeroDouble,
  authUrl: string,
  decision: 'allow' | 'cancel',
): Promise<URL> {
  const page = await fetch(authUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The consent page answered ${page.status}: ${html}`);
  const decode = (s: string) => s.replace(/&amp;/g, '&');
  let res: Response;
  if (decision === 'allow') {
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action || !html.includes('Allow access'))
      throw new Error('No "Allow access" form on the consent page');
    res = await fetch(new URL(decode(action), double.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=allow',
      redirect: 'manual',
    });
  } else {
    const href = /<a href="([^"]+)">Cancel<\/a>/.exec(html)?.[1];
    if (!href) throw new Error('No "Cancel" link on the consent page');
    res = await fetch(new URL(decode(href), double.url), { redirect: 'manual' });
  }
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`The consent answered ${res.status}, not a redirect`);
  return new URL(location);
}
