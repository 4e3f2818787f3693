/**
 * A tiny analytics hook for the browser: `track(eventId, data)` announces an
 * event on `window` (a `2m:analytics` CustomEvent, for whatever listens) and
 * pushes it to `window.dataLayer` when a tag manager put one there.
 *
 * Event ids (SPEC §9): 4 video play, 7 live play, 11 language switch.
 */
export const ANALYTICS_EVENT = '2m:analytics';

export const AnalyticsEvents = {
  videoPlay: 4,
  livePlay: 7,
  languageSwitch: 11,
} as const;

export interface AnalyticsDetail {
  eventId: number;
  data: Record<string, unknown>;
  /** Unix time in milliseconds. */
  at: number;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
  interface WindowEventMap {
    '2m:analytics': CustomEvent<AnalyticsDetail>;
  }
}

export function track(eventId: number, data: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  const detail: AnalyticsDetail = { eventId, data, at: Date.now() };
  try {
    window.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail }));
    if (Array.isArray(window.dataLayer)) window.dataLayer.push({ event: `2m_event_${eventId}`, eventId, ...data });
  } catch {
    // Analytics must never break the page.
  }
}
