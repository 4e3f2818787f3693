/**
 * A house banner drawn in its slot (mount-slots.ts): a link with its
 * picture (AVIF first, then WebP, then the stored file, each at 1x and 2x)
 * and, when the creative asks for it, its words and call to action drawn
 * over it in the page's language. The impression is reported once drawn,
 * the viewable impression after a second at least half on screen (IAB/MRC).
 */
import { FORMAT_TYPES, MODERN_FORMATS, renditionUrl, type ModernFormat } from '../../lib/renditions.ts';
import type { Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';
import { ping } from './house.ts';
import type { HouseAd } from './provider.ts';

/** IAB/MRC display viewability: half the ad on screen for one second. */
const VIEWABLE_RATIO = 0.5;
const VIEWABLE_MS = 1000;

/** A same-origin picture's twin (the ad server gives absolute URLs); null elsewhere. */
function twinOf(url: string, format: ModernFormat): string | null {
  try {
    const u = new URL(url, window.location.href);
    if (u.origin !== window.location.origin) return null;
    const twin = renditionUrl(u.pathname, format);
    return twin ? `${u.origin}${twin}` : null;
  } catch {
    return null;
  }
}

/** The creative's AVIF or WebP twins (/media JPEG and PNG pictures, ADR 014) at 1x and 2x; null when it has none. */
function twinSrcset(image: string, image2x: string | null | undefined, format: ModernFormat): string | null {
  const one = twinOf(image, format);
  if (!one) return null;
  if (!image2x) return one;
  const two = twinOf(image2x, format);
  return two ? `${one} 1x, ${two} 2x` : null;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

function picture(ad: HouseAd & { image: string }, eager: boolean): HTMLPictureElement {
  const sources: HTMLSourceElement[] = [];
  // A desk creative's own AVIF (its image is the WebP rendition): first, so a browser that reads AVIF takes it.
  if (ad.avif) sources.push(element('source', { type: FORMAT_TYPES.avif, srcset: ad.avif2x ? `${ad.avif} 1x, ${ad.avif2x} 2x` : ad.avif }));
  for (const format of MODERN_FORMATS) {
    const srcset = twinSrcset(ad.image, ad.image2x, format);
    if (srcset) sources.push(element('source', { type: FORMAT_TYPES[format], srcset }));
  }
  const img = element('img', {
    src: ad.image,
    srcset: ad.image2x ? `${ad.image} 1x, ${ad.image2x} 2x` : undefined,
    width: String(ad.width),
    height: String(ad.height),
    alt: ad.textOverlay ? '' : ad.headline,
    decoding: 'async',
    // A slot on the first screen: its picture is often the largest thing there on a phone (ADR 014).
    fetchpriority: eager ? 'high' : undefined,
  });
  return element('picture', {}, ...sources, img);
}

/** The banner's link. */
export function houseBanner(ad: HouseAd, locale: Locale, eager: boolean): HTMLAnchorElement {
  const link = element('a', {
    class: 'ad-house',
    href: ad.href,
    rel: 'sponsored noopener',
    target: ad.external ? '_blank' : undefined,
    'data-astro-prefetch': 'false',
    'data-ad-id': String(ad.id),
    'data-size': `${ad.width}x${ad.height}`,
  });
  link.style.inlineSize = `${ad.width}px`;
  link.style.blockSize = `${ad.height}px`;
  if (ad.bgColor) link.style.backgroundColor = ad.bgColor;
  if (ad.image) link.append(picture({ ...ad, image: ad.image }, eager));
  if (ad.textOverlay) {
    const text = element('span', { class: 'ad-house-text' }, element('span', { class: 'ad-house-headline' }, ad.headline));
    if (ad.cta) text.append(element('span', { class: 'ad-house-cta' }, ad.cta));
    link.append(text);
  }
  if (ad.external) link.append(element('span', { class: 'sr-only' }, m.shell_new_tab({}, { locale })));
  return link;
}

/** Reports the impression now and the viewable impression once earned; returns the function that stops watching. */
export function watchImpressions(ad: HouseAd, el: HTMLElement): () => void {
  ping(ad.impression);
  if (typeof IntersectionObserver !== 'function') return () => {};
  let timer = 0;
  const observer = new IntersectionObserver(
    (entries) => {
      const visible = entries.some((e) => e.intersectionRatio >= VIEWABLE_RATIO);
      window.clearTimeout(timer);
      if (!visible) return;
      timer = window.setTimeout(() => {
        ping(ad.viewable);
        observer.disconnect();
      }, VIEWABLE_MS);
    },
    { threshold: [0, VIEWABLE_RATIO] },
  );
  observer.observe(el);
  return () => {
    window.clearTimeout(timer);
    observer.disconnect();
  };
}
