/**
 * Newsletter and contact forms (docs/product.md, Accounts and forms): the process-wide runner
 * and the two JSON endpoints, configured from the environment
 * (SITE_URL, NEWSROOM_EMAIL, FORMS_RATE_PER_HOUR, TRUST_PROXY_HOPS; mail:
 * src/server/mail).
 */
import { getConfig } from '../config.ts';
import { getDb } from '../db/index.ts';
import { getMailer, newsroomEmail } from '../mail/index.ts';
import { createFormApi, createFormRunner, type FormRun } from './handlers.ts';
import { proxyTrust, storeLimiter } from '../http/index.ts';
import type { Locale } from '../../i18n/locales.ts';

export type { FormRun } from './handlers.ts';

const HOUR_S = 3600;

let runner: ReturnType<typeof createFormRunner> | undefined;

function sharedRunner() {
  if (!runner) {
    const config = getConfig();
    runner = createFormRunner({
      db: getDb,
      mailer: getMailer,
      siteUrl: config.SITE_URL,
      newsroom: newsroomEmail(config),
      proxyTrust: proxyTrust(config),
      limiters: {
        newsletter: storeLimiter(getDb, { name: 'form-newsletter', points: config.FORMS_RATE_PER_HOUR, durationSec: HOUR_S }),
        contact: storeLimiter(getDb, { name: 'form-contact', points: config.FORMS_RATE_PER_HOUR, durationSec: HOUR_S }),
      },
    });
  }
  return runner;
}

/** A form posted to a page (browsers without JavaScript): the outcome to render. */
export function runFormFromPage(kind: 'newsletter' | 'contact', request: Request, peer: string | undefined, lang: Locale): Promise<FormRun> {
  return sharedRunner()(kind, request, peer, lang);
}

/** POST /api/newsletter/add-contact */
export function handleNewsletterApi(request: Request, peer?: string): Promise<Response> {
  return createFormApi('newsletter', sharedRunner())(request, peer);
}

/** POST /api/set-form */
export function handleContactApi(request: Request, peer?: string): Promise<Response> {
  return createFormApi('contact', sharedRunner())(request, peer);
}

export { peerAddress } from '../http/index.ts';
