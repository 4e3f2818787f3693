/**
 * Helpers of the desk's browser tests: desk people made with the CLI on the
 * server's store (E2E_DATA_DIR, as playwright.config.ts sets it), their
 * sign-in link followed, two-factor set up with codes computed here
 * (otpauth, as an authenticator app would), invitation mails read from the
 * server's outbox folder, and what landed in its store read back.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Browser, type Locator, type Page, type Request } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { readMail } from './outbox.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
}

/** Runs `npm run desk -- …` on the server's store; its stdout. */
export function deskCli(...args: string[]): string {
  return execFileSync(process.execPath, ['scripts/desk.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir(), NODE_ENV: 'test' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A desk person made by the CLI: the site path of their one-time link (the CLI prints it on its last line). */
export function cliPerson(role: 'journalist' | 'editor' | 'admin', locale: 'ar' | 'fr', name: string): { email: string; link: string } {
  const email = `${role}-${run}-${Math.floor(Math.random() * 1e6)}@2m.ma`;
  const out = deskCli('user', 'create', '--email', email, '--name', name, '--role', role, '--locale', locale);
  const url = new URL(out.trim().split('\n').at(-1)!);
  return { email, link: `${url.pathname}${url.hash}` };
}

/** The requests in flight of each page opened by `deskPage`. */
const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * A new context and page for a desk test, whose requests are followed so
 * that `networkQuiet` can tell when the screen has finished loading.
 */
export async function deskPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const requests = new Set<Request>();
  context.on('request', (r) => requests.add(r));
  context.on('requestfinished', (r) => requests.delete(r));
  context.on('requestfailed', (r) => requests.delete(r));
  const page = await context.newPage();
  inFlight.set(page, requests);
  return page;
}

/**
 * Resolves once a page from `deskPage` has had no request in flight for
 * 100 ms: the screen's data has arrived (Playwright's `networkidle` waits
 * 500 ms, and only once per navigation).
 */
export async function networkQuiet(page: Page): Promise<void> {
  const requests = inFlight.get(page);
  if (!requests) throw new Error('networkQuiet: open the page with deskPage()');
  await expect
    .poll(
      async () => {
        if (requests.size > 0) return false;
        await page.waitForTimeout(100);
        return requests.size === 0;
      },
      { intervals: [50], timeout: 15_000, message: 'requests still in flight' },
    )
    .toBe(true);
}

export const PASSWORD = 'la médina de Fès au petit matin';

const used = new Map<string, number>();

/**
 * A TOTP code of a secret that was not used yet. The desk takes a code once,
 * from the step in progress or one step either side (a phone's clock up to
 * 30 s off): the step in progress's code, else the next one's (a phone a
 * little ahead), else this waits for a new step.
 */
export async function totp(secret: string): Promise<string> {
  const t = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  for (;;) {
    const step = TOTP.counter({ period: 30 });
    const last = used.get(secret) ?? -1;
    const next = [step, step + 1].find((s) => s > last);
    if (next !== undefined) {
      used.set(secret, next);
      return t.generate({ timestamp: next * 30_000 });
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Follows a sign-in link: chooses the password, sets up two-factor when asked; the TOTP secret, if any. */
export async function followLink(page: Page, link: string): Promise<string | null> {
  await page.goto(link);
  const password = page.locator('input[autocomplete="new-password"]');
  await password.first().fill(PASSWORD);
  await password.nth(1).fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  const secretBox = page.locator('[data-secret]');
  const nav = page.locator('#desk-nav');
  // The first password a worker checks loads the common-password dictionaries (a few seconds).
  await expect(secretBox.or(nav)).toBeVisible({ timeout: 30_000 });
  if (!(await secretBox.isVisible())) return null;
  const secret = (await secretBox.textContent())!.trim();
  await page.locator('input[autocomplete="one-time-code"]').fill(await totp(secret));
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('.recovery-codes li')).toHaveCount(10);
  await page.locator('.recovery-codes ~ button').click();
  await expect(nav).toBeAttached();
  return secret;
}

/** Signs in on the sign-in screen (and its second step). */
export async function signIn(page: Page, email: string, secret: string | null): Promise<void> {
  await page.goto('/desk');
  await page.locator('input[autocomplete="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  if (secret) {
    await page.locator('input[autocomplete="one-time-code"]').fill(await totp(secret));
    await page.locator('form button[type="submit"]').first().click();
  }
  await expect(page.locator('#desk-nav')).toBeAttached();
}

/** The desk link of the latest desk mail to `email` in the server's outbox (its site path). */
export async function mailedLink(email: string): Promise<{ link: string; subject: string; text: string }> {
  const outbox = path.join(dataDir(), 'outbox');
  let found: { link: string; subject: string; text: string } | null = null;
  await expect
    .poll(
      () => {
        if (!existsSync(outbox)) return false;
        for (const file of readdirSync(outbox).filter((f) => /-desk-(invite|reset)-/.test(f) && f.endsWith('.eml')).sort().reverse()) {
          const mail = readMail(path.join(outbox, file));
          if (mail.headers.get('to') !== email) continue;
          const m = /https?:\/\/[^\s]+(\/desk\/welcome#[A-Za-z0-9_-]{43})/.exec(mail.text);
          if (m) {
            found = { link: m[1]!, subject: mail.headers.get('subject') ?? '', text: mail.text };
            return true;
          }
        }
        return false;
      },
      { message: `the desk mail to ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Rows of the server's store (read only). */
export function storeRows(sql: string, ...params: (string | number)[]): Record<string, unknown>[] {
  const db = new DatabaseSync(path.join(dataDir(), 'site.sqlite'), { readOnly: true, timeout: 5000 });
  try {
    return db.prepare(sql).all(...params) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** A JPEG of one colour (distinct bytes per colour: uploads are deduplicated by content). */
export function jpeg(color: string, width = 1600, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).jpeg({ quality: 80 }).toBuffer();
}

/** Drops files on the element matched by `selector`, as a person dragging them from their computer. */
export async function dropFiles(page: Page, selector: string, files: { name: string; type: string; bytes: Buffer }[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.type, b64: f.bytes.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    return dt;
  }, payload);
  await page.dispatchEvent(selector, 'drop', { dataTransfer });
}

/** Pastes HTML into the story's body editor, as from the clipboard (Word, Google Docs). */
export async function pasteHtml(page: Page, html: string, text = ''): Promise<void> {
  await page.locator('.body-editor .content').click();
  await page.evaluate(
    ({ html, text }) => {
      const dt = new DataTransfer();
      dt.setData('text/html', html);
      dt.setData('text/plain', text);
      document.querySelector('.body-editor .content')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    },
    { html, text },
  );
}

/** Waits until the story's changes reached the server. */
export async function saved(page: Page): Promise<void> {
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });
}

/**
 * What Word puts on the clipboard for a short story (Office markup, its
 * style block, classes, mso styles, a list paragraph), plus what a page or
 * a malicious document may carry: a script, an event handler, a
 * javascript: link, a local picture, an iframe.
 */
export const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">
<head><meta name=ProgId content=Word.Document><style><!-- p.MsoNormal {mso-style-parent:""; margin:0cm; font-size:12.0pt; font-family:"Arial"} --></style><script>window.pwned = true</script></head>
<body lang=AR-MA style='tab-interval:36.0pt'><!--StartFragment-->
<p class=MsoNormal dir=RTL style='text-align:right;direction:rtl'><b><span lang=AR-MA style='font-size:14pt;color:red'>أعلنت الحكومة</span></b><span lang=AR-MA style='font-family:"Arial"'> عن مشروع ميزانية جديد يركز على الصحة والتعليم.<o:p></o:p></span></p>
<p class=MsoNormal dir=LTR><span lang=FR>Le ministre a déclaré : « <i>une étape importante</i> ».</span><o:p></o:p></p>
<p class=MsoListParagraph dir=RTL style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;</span></span><span lang=AR-MA>زيادة ميزانية المستشفيات</span></p>
<p class=MsoNormal onclick="alert(1)">الرابط <a href="javascript:alert(1)">هنا</a> و<a href="https://www.2m.ma/ar">موقع 2M</a>.</p>
<p class=MsoNormal><img src="file:///C:/Users/x/image001.png" width=10 height=10></p>
<iframe src="https://evil.example/"></iframe>
<!--EndFragment--></body></html>`;

/** Calls the desk's API from a signed-in page, with its session's CSRF token (a spec's set-up or clean-up). */
export async function deskCall<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; response: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = (await (await fetch('/api/desk/session')).json()) as { response: { csrf: string } };
      const res = await fetch(path, { method, headers: { 'x-desk-csrf': session.response.csrf, 'content-type': 'application/json' }, body: body === undefined ? (method === 'GET' ? null : '{}') : JSON.stringify(body) });
      return { status: res.status, response: ((await res.json()) as { response: T }).response };
    },
    { method, path, body },
  );
}

/** Moves the story picked up in a sortable list one place down, once dnd-kit has announced the move (keys pressed faster are merged). */
export async function arrowDown(page: Page): Promise<void> {
  // The live region of the list being sorted: the only one saying something (each list has its own).
  const live = page.locator('[id^="DndLiveRegion"]').filter({ hasText: /\S/ });
  const before = (await live.textContent()) ?? '';
  await page.keyboard.press('ArrowDown');
  await expect(live).not.toHaveText(before);
}

/** Drags, with the mouse, the sortable item whose handle is `from` above the one whose handle is `to` (past dnd-kit's 4 px activation). */
export async function dragAbove(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 8, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 - 6, { steps: 12 });
  await page.mouse.up();
}

/** A journalist signed in (in French) in a context of their own: their page, and the headers of a desk write (Origin, CSRF token). */
export async function journalistPage(browser: Browser, name: string): Promise<{ page: Page; headers: Record<string, string> }> {
  const page = await (await browser.newContext()).newPage();
  await followLink(page, cliPerson('journalist', 'fr', name).link);
  await expect(page.locator('#desk-nav').getByRole('link', { name: 'Articles' })).toBeVisible();
  const csrf = await page.evaluate(() => fetch('/api/desk/session').then((r) => r.json()).then((b: { response: { csrf: string } }) => b.response.csrf));
  return { page, headers: { origin: new URL(page.url()).origin, 'x-desk-csrf': csrf, 'content-type': 'application/json', locale: 'fr' } };
}
