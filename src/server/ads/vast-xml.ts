/**
 * VAST 4.0 documents of the house ad server (IAB VAST 4.0: InLine ad, one
 * linear creative, progressive MP4 media file). Pure: builds text only.
 */

/** The tracking events our VAST documents announce, in playback order. */
export const LINEAR_TRACKING_EVENTS = [
  'creativeView',
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
  'skip',
  'mute',
  'unmute',
  'pause',
  'resume',
  'closeLinear',
] as const;

export interface VastLinearAd {
  /** Stable ad id (also the creative id in the tracking URLs). */
  id: string;
  adSystem: string;
  title: string;
  durationS: number;
  /** Seconds after which the viewer may skip; null: not skippable. */
  skipAfterS: number | null;
  media: { url: string; mime: string; width: number; height: number; bitrateKbps: number };
  clickThrough: string | null;
  /** Absolute URLs (VAST macros such as [CACHEBUSTING] allowed). */
  impression: string;
  error: string;
  clickTracking: string | null;
  tracking: Partial<Record<(typeof LINEAR_TRACKING_EVENTS)[number], string>>;
  /** Unique id of this ad serving (VAST 4 AdServingId). */
  servingId: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** 12.5 → "00:00:12.500" (VAST time format HH:MM:SS.mmm). */
export function vastTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}.${String(rest).padStart(3, '0')}`;
}

/** "00:00:05" — skipoffset has no milliseconds when they are zero. */
function skipOffset(seconds: number): string {
  const t = vastTime(seconds);
  return t.endsWith('.000') ? t.slice(0, -4) : t;
}

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A VAST document with no ad: the IAB way of saying "nothing to show". */
export function emptyVast(): string {
  return `${HEADER}<VAST version="4.0"/>\n`;
}

export function buildVast(ad: VastLinearAd): string {
  const e = xmlEscape;
  const tracking = LINEAR_TRACKING_EVENTS.flatMap((event) => {
    const url = ad.tracking[event];
    return url ? [`              <Tracking event="${event}">${e(url)}</Tracking>`] : [];
  });
  const skip = ad.skipAfterS === null ? '' : ` skipoffset="${skipOffset(ad.skipAfterS)}"`;
  const clicks = [
    ad.clickThrough ? `              <ClickThrough id="${e(ad.id)}">${e(ad.clickThrough)}</ClickThrough>` : '',
    ad.clickTracking ? `              <ClickTracking id="${e(ad.id)}">${e(ad.clickTracking)}</ClickTracking>` : '',
  ].filter(Boolean);
  const { media } = ad;
  return (
    HEADER +
    `<VAST version="4.0" xmlns="http://www.iab.com/VAST">
  <Ad id="${e(ad.id)}">
    <InLine>
      <AdSystem version="1">${e(ad.adSystem)}</AdSystem>
      <AdServingId>${e(ad.servingId)}</AdServingId>
      <AdTitle>${e(ad.title)}</AdTitle>
      <Error>${e(ad.error)}</Error>
      <Impression id="${e(ad.id)}">${e(ad.impression)}</Impression>
      <Creatives>
        <Creative id="${e(ad.id)}" adId="${e(ad.id)}" sequence="1">
          <UniversalAdId idRegistry="2m.ma">${e(ad.id)}</UniversalAdId>
          <Linear${skip}>
            <Duration>${vastTime(ad.durationS)}</Duration>
            <TrackingEvents>
${tracking.join('\n')}
            </TrackingEvents>
${clicks.length ? `            <VideoClicks>\n${clicks.join('\n')}\n            </VideoClicks>\n` : ''}            <MediaFiles>
              <MediaFile id="${e(ad.id)}-mp4" delivery="progressive" type="${e(media.mime)}" width="${media.width}" height="${media.height}" bitrate="${media.bitrateKbps}" scalable="true" maintainAspectRatio="true">${e(media.url)}</MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
`
  );
}
