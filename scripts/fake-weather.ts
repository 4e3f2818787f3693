/**
 * A local stand-in for Open-Meteo's forecast API, for tests and offline
 * development (this machine has no Internet). Point the site at it with
 * WEATHER_PROVIDER_URL=http://127.0.0.1:4599.
 *
 *   npm run fake-weather -- [--port 4599] [--host 127.0.0.1]
 *
 * `GET /v1/forecast?latitude=…&longitude=…&daily=…&timezone=Africa/Casablanca&forecast_days=N`
 * answers like Open-Meteo: `daily.time` holds N local days from today in
 * Casablanca, temperatures are made up but deterministic
 * (`fakeDailyMax(lat, lon, date)`, with one decimal; a day keeps its value
 * whichever day it is asked from, as a real forecast roughly does), weather
 * codes cycle through a few WMO codes. Missing parameters answer 400 with
 * `{ error: true, reason }`, as Open-Meteo does.
 *
 * Test controls (never part of the real API):
 *   GET  /__fake/health               → { ok: true, calls }
 *   POST /__fake/fail?points=LAT,LON;LAT,LON|all   make those points (or all) answer 500
 *   POST /__fake/fail                 (no points) everything answers again
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { addDays, todayInCasablanca } from '../src/lib/dates.ts';

export const FAKE_WEATHER_PORT = 4599;

const CODES = [0, 2, 3, 61, 1, 45, 80, 95] as const;

/** Days since 1970-01-01 of a local date (YYYY-MM-DD). */
function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/**
 * The made-up daily maximum (°C, one decimal) for a point (as sent, 4
 * decimals) on a local date (YYYY-MM-DD). It depends on the date, not on
 * the day's place in the answer, so a forecast fetched yesterday still
 * agrees with today's for the days both cover.
 */
export function fakeDailyMax(lat: number, lon: number, date: string): number {
  const a = Math.round(lat * 1e4);
  const b = Math.round(lon * 1e4);
  const mix = Math.abs((a * 31 + b * 17 + dayNumber(date) * 53) % 2500);
  return Math.round((10 + mix / 100) * 10) / 10; // 10.0 … 34.9
}

function fakeWeatherCode(lat: number, lon: number, date: string): number {
  const i = Math.abs(Math.round(lat * 100) + Math.round(lon * 100) + dayNumber(date)) % CODES.length;
  return CODES[i]!;
}

/** The key of a point as the fake sees it: latitude and longitude with 4 decimals. */
export function pointKey(lat: number, lon: number): string {
  return `${lat.toFixed(4)},${lon.toFixed(4)}`;
}

export interface FakeWeather {
  url: string;
  port: number;
  server: Server;
  close: () => Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function startFakeWeather(opts: { port?: number; host?: string; now?: () => Date } = {}): Promise<FakeWeather> {
  const host = opts.host ?? '127.0.0.1';
  const now = opts.now ?? (() => new Date());
  let calls = 0;
  let failAll = false;
  const failing = new Set<string>();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (url.pathname === '/__fake/health') return send(res, 200, { ok: true, calls, failAll, failing: [...failing] });
    if (url.pathname === '/__fake/fail' && req.method === 'POST') {
      const points = url.searchParams.get('points') ?? '';
      failAll = points === 'all';
      failing.clear();
      if (!failAll && points) {
        for (const p of points.split(';')) {
          const [lat, lon] = p.split(',').map(Number);
          if (Number.isFinite(lat) && Number.isFinite(lon)) failing.add(pointKey(lat!, lon!));
        }
      }
      return send(res, 200, { ok: true, failAll, failing: [...failing] });
    }
    if (url.pathname !== '/v1/forecast') return send(res, 404, { error: true, reason: 'Not Found' });

    calls += 1;
    const q = url.searchParams;
    const lat = Number(q.get('latitude'));
    const lon = Number(q.get('longitude'));
    const days = Number(q.get('forecast_days') ?? '7');
    if (!q.get('latitude') || !Number.isFinite(lat) || lat < -90 || lat > 90) {
      return send(res, 400, { error: true, reason: 'Latitude must be in range of -90 to 90°.' });
    }
    if (!q.get('longitude') || !Number.isFinite(lon) || lon < -180 || lon > 180) {
      return send(res, 400, { error: true, reason: 'Longitude must be in range of -180 to 180°.' });
    }
    if (!Number.isInteger(days) || days < 1 || days > 16) {
      return send(res, 400, { error: true, reason: 'Forecast days is invalid. Allowed range 0 to 16.' });
    }
    if (q.get('timezone') !== 'Africa/Casablanca') {
      return send(res, 400, { error: true, reason: 'this fake only serves timezone=Africa/Casablanca' });
    }
    if (failAll || failing.has(pointKey(lat, lon))) {
      return send(res, 500, { error: true, reason: 'fake failure (test switch)' });
    }
    const daily = (q.get('daily') ?? '').split(',');
    const today = todayInCasablanca(now());
    const time = Array.from({ length: days }, (_, i) => addDays(today, i));
    const body: Record<string, unknown> = {
      latitude: lat,
      longitude: lon,
      generationtime_ms: 0.1,
      utc_offset_seconds: 0,
      timezone: 'Africa/Casablanca',
      timezone_abbreviation: 'GMT',
      elevation: 50,
      daily_units: { time: 'iso8601', temperature_2m_max: '°C', temperature_2m_min: '°C', weather_code: 'wmo code' },
      daily: {
        time,
        ...(daily.includes('temperature_2m_max') ? { temperature_2m_max: time.map((d) => fakeDailyMax(lat, lon, d)) } : {}),
        ...(daily.includes('temperature_2m_min')
          ? { temperature_2m_min: time.map((d) => Math.round((fakeDailyMax(lat, lon, d) - 9.3) * 10) / 10) }
          : {}),
        ...(daily.includes('weather_code') ? { weather_code: time.map((d) => fakeWeatherCode(lat, lon, d)) } : {}),
      },
    };
    return send(res, 200, body);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? FAKE_WEATHER_PORT, host, () => {
      const address = server.address();
      const port = address && typeof address === 'object' ? address.port : (opts.port ?? FAKE_WEATHER_PORT);
      resolve({
        url: `http://${host}:${port}`,
        port,
        server,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: String(FAKE_WEATHER_PORT) }, host: { type: 'string', default: '127.0.0.1' } },
  });
  const fake = await startFakeWeather({ port: Number(values.port), host: values.host });
  console.error(`[fake-weather] Open-Meteo stand-in on ${fake.url} (WEATHER_PROVIDER_URL=${fake.url})`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
