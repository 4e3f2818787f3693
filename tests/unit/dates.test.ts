import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayEnd,
  dayLabel,
  dayMonthLabel,
  formatDateTime,
  formatLongDate,
  formatTime,
  isValidDay,
  localDay,
  MOROCCAN_ARABIC_MONTHS,
  broadcastDay,
  broadcastNight,
  nightDatesLabel,
  nightLabel,
  todayInCasablanca,
  weekdayLabel,
} from '../../src/lib/dates.ts';

describe('Africa/Casablanca times (ADR 003)', () => {
  it('formats an instant after 2026-09-20 as UTC+0 all year', () => {
    expect(formatTime('2026-11-22T12:00:00Z')).toBe('12:00');
    expect(formatTime(new Date('2026-11-22T00:05:00Z'))).toBe('00:05');
    expect(formatTime('2027-07-15T20:30:00Z')).toBe('20:30');
  });

  it('still formats the old summer time (UTC+1) before the change', () => {
    expect(formatTime('2026-06-01T12:00:00Z')).toBe('13:00');
  });

  it('gives the local day of an instant', () => {
    expect(localDay('2026-11-22T23:59:00Z')).toBe('2026-11-22');
    // Before the change, 23:30 UTC in June was already the next day in Casablanca.
    expect(localDay('2026-06-01T23:30:00Z')).toBe('2026-06-02');
    expect(todayInCasablanca(new Date('2026-11-22T08:00:00Z'))).toBe('2026-11-22');
  });

  it('gives the instant a local day ends, at the offset of that night', () => {
    expect(dayEnd('2026-11-22').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // Under the old summer time (UTC+1) the day ended an hour before midnight UTC.
    expect(dayEnd('2026-06-01').toISOString()).toBe('2026-06-01T23:00:00.000Z');
    for (const day of ['2026-06-01', '2026-11-22', '2026-12-31']) {
      const end = dayEnd(day).getTime();
      expect(localDay(end - 60_000)).toBe(day);
      expect(localDay(end)).toBe(addDays(day, 1));
    }
  });

  it('prints midnight as 00:00, never 24:00', () => {
    expect(formatTime('2026-12-01T00:00:00Z')).toBe('00:00');
  });

  it('rejects an invalid instant', () => {
    expect(() => formatTime('not a date')).toThrow(RangeError);
  });
});

describe('calendar days', () => {
  it('validates real days only', () => {
    expect(isValidDay('2026-11-22')).toBe(true);
    expect(isValidDay('2028-02-29')).toBe(true);
    expect(isValidDay('2026-02-29')).toBe(false);
    expect(isValidDay('2026-13-01')).toBe(false);
    expect(isValidDay('2026-1-01')).toBe(false);
    expect(isValidDay('22/11/2026')).toBe(false);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-22', 13)).toBe('2026-12-05');
  });
});

describe('day labels', () => {
  it('uses Moroccan Arabic month names', () => {
    expect(MOROCCAN_ARABIC_MONTHS).toHaveLength(12);
    expect(dayMonthLabel('2026-11-22', 'ar')).toBe('22 نونبر');
    expect(dayMonthLabel('2026-08-03', 'ar')).toBe('3 غشت');
    expect(dayMonthLabel('2026-05-01', 'ar')).toBe('1 ماي');
    expect(dayMonthLabel('2026-12-25', 'ar')).toBe('25 دجنبر');
  });

  it('labels a grid day with weekday, day and month', () => {
    expect(dayLabel('2026-11-22', 'ar')).toBe('الأحد 22 نونبر');
    expect(dayLabel('2026-11-22', 'fr')).toBe('dimanche 22 novembre');
    expect(weekdayLabel('2026-11-23', 'fr')).toBe('lundi');
    expect(dayLabel('2026-08-15', 'fr')).toBe('samedi 15 août');
  });

  it('formats publication dates in both languages', () => {
    expect(formatLongDate('2026-11-22T12:00:00Z', 'fr')).toBe('22 novembre 2026');
    expect(formatLongDate('2026-11-22T12:00:00Z', 'ar')).toBe('22 نونبر 2026');
    expect(formatDateTime('2026-11-22T09:30:00Z', 'fr')).toBe('22 novembre 2026 - 09:30');
  });

  it('writes the first of the month "1er" in French (not in Arabic)', () => {
    expect(dayMonthLabel('2026-12-01', 'fr')).toBe('1er décembre');
    expect(dayLabel('2026-12-01', 'fr')).toBe('mardi 1er décembre');
    expect(formatLongDate('2026-12-01T10:00:00Z', 'fr')).toBe('1er décembre 2026');
    expect(formatDateTime('2027-01-01T08:00:00Z', 'fr')).toBe('1er janvier 2027 - 08:00');
    expect(dayMonthLabel('2026-12-01', 'ar')).toBe('1 دجنبر');
    expect(dayMonthLabel('2026-12-02', 'fr')).toBe('2 décembre');
    expect(dayMonthLabel('2026-12-11', 'fr')).toBe('11 décembre');
  });
});

describe('the broadcast night (00:00 to 06:00 belongs to the day before)', () => {
  it('is the previous day before 06:00, none from 06:00', () => {
    expect(broadcastDay(new Date('2026-11-28T02:00:00Z'))).toBe('2026-11-27');
    expect(broadcastNight(new Date('2026-11-28T02:00:00Z'))).toBe('2026-11-27');
    expect(broadcastNight(new Date('2026-11-28T05:59:00Z'))).toBe('2026-11-27');
    expect(broadcastNight(new Date('2026-11-28T06:00:00Z'))).toBeNull();
    expect(broadcastNight(new Date('2026-11-27T23:30:00Z'))).toBeNull();
  });

  it('names the night by its two days, in each language', () => {
    expect(nightLabel('2026-11-27', 'fr')).toBe('Nuit du vendredi 27 au samedi 28 novembre');
    expect(nightLabel('2026-11-27', 'ar')).toBe('الليلة الفاصلة بين الجمعة 27 والسبت 28 نونبر');
    expect(nightLabel('2026-11-30', 'fr')).toBe('Nuit du lundi 30 novembre au mardi 1er décembre');
    expect(nightDatesLabel('2026-11-27', 'fr')).toBe('27–28 novembre');
    expect(nightDatesLabel('2026-12-31', 'ar')).toBe('31 دجنبر – 1 يناير');
  });
});
