import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const BASE = 'http://127.0.0.1:3000';
async function cookieOf(email: string, password: string) {
  const form = await fetch(`${BASE}/gp/sign-in.html`);
  const cookies = form.headers.getSetCookie().map((c) => c.split(';')[0] ?? c);
  const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const answer = await fetch(`${BASE}/gp/sign-in.html`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') }, body: new URLSearchParams({ csrfToken, action: 'sign-in', path: '/', email, password }) });
  const session = answer.headers.getSetCookie().map((c) => c.split(';')[0] ?? c);
  const byName = new Map([...cookies, ...session].map((c) => [c.split('=')[0], c]));
  return [...byName.values()].join('; ');
}
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const registry = await cookieOf('registry@example.com', 'registry-demo');
const shopper = await cookieOf('shopper@example.com', 'shopper-demo');
const pages: [string, string | undefined][] = (process.env.LH_PAGES ?? '').split(' ').filter(Boolean).map((p) => {
  const [path, who] = p.split('@@');
  return [path as string, who === 'registry' ? registry : who === 'shopper' ? shopper : undefined];
});
for (const [path, cookie] of pages) {
  for (const formFactor of ['desktop', 'mobile'] as const) {
    const result = await lighthouse(`${BASE}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'], formFactor, screenEmulation: formFactor === 'desktop' ? { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false } : undefined, ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) });
    const lhr = result?.lhr;
    const failing = Object.values(lhr?.audits ?? {}).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => { const items = (a.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items; return `${a.id} ${items?.map((i) => i.node?.selector).filter(Boolean).slice(0, 3).join(' | ') ?? ''}`; });
    console.log(formFactor, path, Math.round((lhr?.categories.accessibility?.score ?? 0) * 100), failing.join('; '), lhr?.runtimeError?.code ?? '');
  }
}
await chrome.kill();
