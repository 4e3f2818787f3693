/**
 * A display ad slot (docs/product.md, Footer, Ads, Content "Ad slot settings"): a banner
 * (the top banner's mobile and web bands, the rectangle beside the content)
 * or an invisible out-of-page slot (the footer's two). Its life is
 * use-ad-slot.ts's; this draws it:
 *
 *  - the server renders the box with its height kept (minHeight), in the
 *    ad background colour (useBgColor), so nothing moves when the ad comes;
 *  - a house ad is a link with its picture (AVIF first, then WebP, then the
 *    stored file, each at 1x and 2x) and, when the creative asks for
 *    it, its words and call to action drawn over it in the page's language;
 *    the impression is reported once drawn, the viewable impression after a
 *    second at least half on screen; other providers draw into the box;
 *  - no ad, or an "ad error": the slot collapses and says nothing.
 *
 * Mounted by src/components/ads/AdPlacement.astro.
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import { AD_BG_COLOR } from '../lib/ads/display.ts';
import { FORMAT_TYPES, MODERN_FORMATS, renditionUrl, type ModernFormat } from '../lib/renditions.ts';
import * as m from '../paraglide/messages.js';
import { ping } from './ads/house.ts';
import type { HouseAd } from './ads/provider.ts';
import { useAdSlot, type AdSlotProps } from './ads/use-ad-slot.ts';
import './ads/ads.css';
import type { Locale } from '../i18n/locales.ts';

/** IAB/MRC display viewability: half the ad on screen for one second. */
const VIEWABLE_RATIO = 0.5;
const VIEWABLE_MS = 1000;

function useImpressions(ad: HouseAd | null, element: React.RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = element.current;
    if (!ad || !el) return;
    ping(ad.impression);
    if (typeof IntersectionObserver !== 'function') return;
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
  }, [ad, element]);
}

/** A same-origin picture's twin (the ad server gives absolute URLs); null elsewhere. */
function twinOf(url: string, format: ModernFormat): string | null {
  if (typeof window === 'undefined') return null;
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

/**
 * @param eager a slot on the first screen (no lazy margin): its picture is
 *   often the largest thing there on a phone, so it is fetched at high
 *   priority (ADR 014).
 */
function HouseBanner({ ad, locale, eager }: { ad: HouseAd; locale: Locale; eager: boolean }) {
  const link = useRef<HTMLAnchorElement>(null);
  useImpressions(ad, link);
  const style: CSSProperties = { inlineSize: ad.width, blockSize: ad.height, backgroundColor: ad.bgColor ?? undefined };
  return (
    <a
      ref={link}
      className="ad-house"
      href={ad.href}
      style={style}
      rel="sponsored noopener"
      target={ad.external ? '_blank' : undefined}
      data-astro-prefetch="false"
      data-ad-id={ad.id}
      data-size={`${ad.width}x${ad.height}`}
    >
      {ad.image && (
        <picture>
          {/* A desk creative's own AVIF (its image is the WebP rendition): first, so a browser that reads AVIF takes it. */}
          {ad.avif && <source type={FORMAT_TYPES.avif} srcSet={ad.avif2x ? `${ad.avif} 1x, ${ad.avif2x} 2x` : ad.avif} />}
          {MODERN_FORMATS.map((format) => {
            const srcSet = twinSrcset(ad.image!, ad.image2x, format);
            return srcSet && <source key={format} type={FORMAT_TYPES[format]} srcSet={srcSet} />;
          })}
          <img
            src={ad.image}
            srcSet={ad.image2x ? `${ad.image} 1x, ${ad.image2x} 2x` : undefined}
            width={ad.width}
            height={ad.height}
            alt={ad.textOverlay ? '' : ad.headline}
            decoding="async"
            fetchPriority={eager ? 'high' : undefined}
          />
        </picture>
      )}
      {ad.textOverlay && (
        <span className="ad-house-text">
          <span className="ad-house-headline">{ad.headline}</span>
          {ad.cta && <span className="ad-house-cta">{ad.cta}</span>}
        </span>
      )}
      {ad.external && <span className="sr-only">{m.shell_new_tab({}, { locale })}</span>}
    </a>
  );
}

export default function AdSlot(props: AdSlotProps) {
  const { settings, locale } = props;
  const box = useRef<HTMLDivElement>(null);
  const { status, house, unit } = useAdSlot(props, box);

  if (settings.kind === 'out-of-page') {
    return <div id={settings.divId} ref={box} className={settings.uniqueClass} aria-hidden="true" data-ad-status={status} />;
  }

  const collapsed = status === 'empty' || status === 'error';
  const style: CSSProperties = {
    minBlockSize: settings.minHeight,
    maxInlineSize: settings.width ?? undefined,
    backgroundColor: settings.useBgColor ? AD_BG_COLOR : undefined,
  };
  return (
    <div
      className={`ad-slot ${settings.uniqueClass}`}
      style={style}
      hidden={collapsed}
      data-ad-status={status}
      data-ad-unit={unit ?? undefined}
    >
      {status === 'filled' && (
        <span className="ad-slot-label">{m.ad_label({}, { locale })}</span>
      )}
      <div id={settings.divId} ref={box} className="ad-slot-content">
        {house && <HouseBanner ad={house} locale={locale} eager={props.lazyMargin === undefined} />}
      </div>
    </div>
  );
}
