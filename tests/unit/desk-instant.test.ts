/**
 * Times the desk sends (src/server/desk/input.ts `deskInstant`): the
 * schedule fields' Casablanca wall-clock values become instants on the
 * server, with Node's time-zone data, whatever the browser's; and a typed
 * wall-clock time is written back without any time-zone data
 * (src/lib/desk-dates.ts `deskWallClock`).
 */
import { describe, expect, it } from 'vitest';
import { deskInstant } from '../../src/server/desk/input.ts';
import { casablancaLocalDateTime, deskDateTime, deskWallClock } from '../../src/lib/desk-dates.ts';

describe('deskInstant', () => {
  it('takes an ISO 8601 instant with its offset as it is', () => {
    expect(deskInstant.parse('2026-12-01T10:00:00+01:00')).toBe('2026-12-01T10:00:00+01:00');
    expect(deskInstant.parse('2026-12-01T09:00:00.000Z')).toBe('2026-12-01T09:00:00.000Z');
  });

  it('makes a Casablanca wall-clock time the instant whose Casablanca time it is, in winter, in summer and across the year', () => {
    for (const local of ['2026-12-01T10:00', '2027-02-14T23:30', '2027-07-15T08:05', '2027-03-20T00:00']) {
      const iso = deskInstant.parse(local);
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
      expect(casablancaLocalDateTime(iso), local).toBe(local);
      // The offset is Casablanca's at that instant, as Node's ICU tells.
      const offsetMin = (Date.parse(`${local}:00Z`) - Date.parse(iso)) / 60_000;
      const named = new Intl.DateTimeFormat('en', { timeZone: 'Africa/Casablanca', timeZoneName: 'longOffset' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')!.value;
      const m = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(named)!;
      expect(offsetMin).toBe(m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0);
    }
  });

  it('refuses what is not a date and time', () => {
    for (const bad of ['2026-02-30T10:00', '2026-12-01T25:00', '2026-12-01 10:00', '2026-12-01', '10:00', '', 'demain']) {
      expect(deskInstant.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('deskWallClock', () => {
  it('writes a typed wall-clock time as the desk writes an instant, without time-zone data', () => {
    const local = '2026-12-01T10:05';
    const iso = deskInstant.parse(local);
    expect(deskWallClock(local, 'fr')).toBe(deskDateTime(iso, 'fr'));
    expect(deskWallClock(local, 'ar')).toBe(deskDateTime(iso, 'ar'));
    expect(deskWallClock(local, 'fr')).toContain('10:05');
  });
});
