import { describe, expect, it } from 'vitest';
import { capCacheControl } from '../../src/server/http/cache-control.ts';
import { nextGridChange, type GridDay, type GridEntry } from '../../src/server/content/grid.ts';

const LIVE = 'public, max-age=60, s-maxage=60, stale-while-revalidate=120';
const NOW = Date.parse('2026-11-29T10:00:00Z');

describe('capCacheControl', () => {
  it('leaves the policy as it is when nothing changes within its lifetimes', () => {
    expect(capCacheControl(LIVE, null, NOW)).toBe(LIVE);
    expect(capCacheControl(LIVE, NOW + 60_000, NOW)).toBe(LIVE);
    expect(capCacheControl(LIVE, NOW + 3_600_000, NOW)).toBe(LIVE);
    expect(capCacheControl('private, no-store', NOW + 1000, NOW)).toBe('private, no-store');
  });

  it('cuts both lifetimes to the whole seconds left and drops stale-while-revalidate', () => {
    expect(capCacheControl(LIVE, NOW + 12_900, NOW)).toBe('public, max-age=12, s-maxage=12');
    expect(capCacheControl('public, max-age=300, s-maxage=600, stale-while-revalidate=3600', NOW + 400_000, NOW)).toBe('public, max-age=300, s-maxage=400');
  });

  it('keeps nothing with less than a second left, or when the change is already past', () => {
    expect(capCacheControl(LIVE, NOW + 999, NOW)).toBe('public, max-age=0, s-maxage=0');
    expect(capCacheControl(LIVE, NOW - 5000, NOW)).toBe('public, max-age=0, s-maxage=0');
  });
});

describe('nextGridChange', () => {
  const entry = (id: number, from: string, to: string): GridEntry => ({
    id,
    startsAt: `2026-11-29T${from}:00.000Z`,
    endsAt: `2026-11-29T${to}:00.000Z`,
    start: from,
    end: to,
    title: `P${id}`,
    description: '',
    genre: 'magazine',
    programme: null,
    isLive: false,
    onAir: false,
  });
  const day = (entries: GridEntry[]): GridDay => ({ day: '2026-11-29', label: '', entries });

  it('is the end of the programme on air, else the start of the next one, across days', () => {
    expect(nextGridChange([day([entry(1, '09:30', '10:15'), entry(2, '10:15', '11:00')])], new Date(NOW))).toBe(Date.parse('2026-11-29T10:15:00Z'));
    // A break in the grid: the next start.
    expect(nextGridChange([day([entry(1, '08:00', '09:00')]), day([entry(2, '10:40', '11:00')])], new Date(NOW))).toBe(Date.parse('2026-11-29T10:40:00Z'));
    // A programme starting right now: its end.
    expect(nextGridChange([day([entry(1, '10:00', '10:30')])], new Date(NOW))).toBe(Date.parse('2026-11-29T10:30:00Z'));
  });

  it('is null when nothing comes', () => {
    expect(nextGridChange([day([entry(1, '08:00', '09:00')])], new Date(NOW))).toBeNull();
    expect(nextGridChange([], new Date(NOW))).toBeNull();
  });
});
