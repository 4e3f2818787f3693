/**
 * What `npm run bench:static` and `npm run bench:render` share to measure
 * the pre-built home page while the render workers are busy (ADR 010):
 * wrk runs, a search load, the server's CPU per thread, and cases
 * run interleaved (idle, loaded, idle, loaded, idle) so that each loaded
 * run is compared with the idle runs on either side of it. On a shared
 * machine the others' load moves every wall-clock rate; the front thread's
 * CPU time per request (from /proc) does not depend on it.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/**
 * The bench's own output: console.log as it was when this module loaded, so
 * that a site served in this process (bench:static), which sends console.*
 * through its JSON logger, does not turn the tables into log records.
 */
export const print: (...args: unknown[]) => void = console.log.bind(console);
export const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The archive-scale goal (docs/performance.md) for the pre-built home page under load. */
const GOAL = { ratio: 0.8, p99ms: 20 };

export interface WrkResult {
  rps: number;
  requests: number;
  p99: string;
  p99ms: number;
  failures: number;
}

function ms(v: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(v);
  if (!m) return NaN;
  return Number(m[1]) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 } as Record<string, number>)[m[2]!]!;
}

/** wrk in its own process (1 thread). */
export async function wrk(
  url: string,
  opts: { headers?: Record<string, string>; connections: number; seconds: number; script?: string },
): Promise<WrkResult> {
  if (!WRK) throw new Error('wrk is missing: apt-get install wrk');
  const args = ['-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  if (opts.script) args.push('-s', opts.script);
  args.push(url);
  const { stdout: out } = await run(WRK, args, { encoding: 'utf8' });
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  if (!Number.isFinite(rps)) throw new Error(`cannot read wrk's output:\n${out}`);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const errors = socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0;
  const p99 = out.match(/\s99%\s+(\S+)/)?.[1] ?? '?';
  return { rps, requests: Number(out.match(/(\d+) requests in/)?.[1] ?? 0), p99, p99ms: ms(p99), failures: non2xx + errors };
}

/** A run of `wrkEach`: every path asked for once. */
export interface WrkEachResult {
  /** Answers over the wall-clock time from wrk's start to its last answer. */
  rps: number;
  requests: number;
  seconds: number;
  failures: number;
  /** wrk stopped at `maxSeconds` before every path had its answer. */
  timedOut: boolean;
}

/**
 * wrk asking for each of `paths` once, `connections` at a time, then exiting
 * as the last answer comes (its Lua script counts them): a rate over exactly
 * these requests, the way a fixed list of distinct URLs is replayed. wrk's
 * own summary covers its whole `-d` duration, so the time is taken here.
 */
export async function wrkEach(
  origin: string,
  paths: string[],
  opts: { headers?: Record<string, string>; connections: number; maxSeconds: number; scriptDir: string },
): Promise<WrkEachResult> {
  if (!WRK) throw new Error('wrk is missing: apt-get install wrk');
  const script = path.join(opts.scriptDir, `each-${process.pid}-${Date.now()}.lua`);
  writeFileSync(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = 0\nlocal done = 0\nlocal bad = 0\n` +
      `request = function()\n  i = i + 1\n  return wrk.format("GET", paths[math.min(i, #paths)])\nend\n` +
      `response = function(status, headers, body)\n  done = done + 1\n  if status >= 400 then bad = bad + 1 end\n` +
      `  if done >= #paths then\n    io.write("EACH-DONE " .. done .. " " .. bad .. "\\n")\n    io.flush()\n    os.exit(0)\n  end\nend\n`,
  );
  const args = ['-t1', `-c${opts.connections}`, `-d${opts.maxSeconds}s`, '-s', script];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  args.push(`${origin}/`);
  const started = performance.now();
  const { stdout: out } = await run(WRK, args, { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  const done = /EACH-DONE (\d+) (\d+)/.exec(out);
  if (!done) {
    const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
    return { rps: requests / seconds, requests, seconds, failures: 0, timedOut: true };
  }
  const requests = Number(done[1]);
  return { rps: requests / seconds, requests, seconds, failures: Number(done[2]), timedOut: false };
}

/** CPU time (ms) of a process's threads: the front server's (main) thread, the render workers' threads, the rest (V8 and libuv helpers). */
interface ThreadCpu {
  main: number;
  render: number;
  other: number;
}

function threadCpu(pid: number): ThreadCpu {
  const out: ThreadCpu = { main: 0, render: 0, other: 0 };
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return { main: NaN, render: NaN, other: NaN };
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const t = ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
      if (tid === String(pid)) out.main += t;
      else if (comm.startsWith('render-')) out.render += t;
      else out.other += t;
    } catch {
      /* the thread ended */
    }
  }
  return out;
}

/**
 * A wrk script for uncached searches: the search page (`/ar|fr/search?q=`)
 * with two random words of the store's recent titles: practically never the
 * same query twice.
 */
export async function searchScript(base: string, dir: string): Promise<string> {
  const words = new Set<string>();
  for (const lang of ['ar', 'fr']) {
    const res = await fetch(`${base}/api/articlesrecent`, { headers: { locale: lang } });
    const body = (await res.json()) as { response: { articles: { title: string }[] } };
    for (const a of body.response.articles) for (const w of a.title.split(/[\s,.:;!?«»"'()]+/)) if (w.length >= 4) words.add(w);
  }
  const list = [...words].slice(0, 400).map((w) => `"${encodeURIComponent(w)}"`);
  if (list.length < 10) throw new Error('too few words in the store for uncached searches');
  const file = path.join(dir, 'search.lua');
  writeFileSync(
    file,
    `local words = {${list.join(',')}}
local langs = {"ar", "fr"}
math.randomseed(os.time())
request = function()
  local q = words[math.random(#words)] .. "%20" .. words[math.random(#words)]
  return wrk.format("GET", "/" .. langs[math.random(2)] .. "/search?q=" .. q)
end
`,
  );
  return file;
}

/**
 * A wrk script for the newsroom's worst inputs found by a trial (ADR 031),
 * sent in turn with a live token: a headline of 1.4 MB of nested unclosed
 * `<b>`, a body of 200,000 tags, an XMLTV grid of 10,000 nested elements.
 * Each must be refused (422) at once, without slowing the pages.
 */
export function worstInputsScript(dir: string, token: string): string {
  const file = path.join(dir, 'worst.lua');
  writeFileSync(
    file,
    `local auth = "Bearer ${token}"
local json = { ["Authorization"] = auth, ["Content-Type"] = "application/json" }
local xml = { ["Authorization"] = auth, ["Content-Type"] = "application/xml" }
local story = '{"uri":"urn:bench:worst","type":"text","language":"fr","version":"1",'
local requests = {
  wrk.format("POST", "/api/newsroom/articles", json, story .. '"headlines":[{"value":"' .. string.rep("<b>", 470000) .. '"}]}'),
  wrk.format("POST", "/api/newsroom/articles", json, story .. '"headlines":[{"value":"Titre"}],"bodies":[{"contenttype":"text/html","value":"' .. string.rep("<i>x</i>", 100000) .. '"}]}'),
  wrk.format("POST", "/api/newsroom/grid", xml, "<tv>" .. string.rep("<programme>", 10000) .. "</tv>"),
}
local n = 0
request = function()
  n = n + 1
  return requests[(n % #requests) + 1]
end
`,
  );
  return file;
}

export interface LoadCase {
  name: string;
  /** Starts the load; resolves with a note once it is over. Absent: idle. */
  load?: () => Promise<string>;
}

export interface CaseResult {
  name: string;
  idle: boolean;
  r: WrkResult;
  cpu: ThreadCpu;
  wallMs: number;
  load: number;
  note: string;
}

/** The front thread's CPU per request, in µs. */
const perRequest = (c: CaseResult) => (c.cpu.main * 1000) / Math.max(1, c.r.requests);
const share = (t: number, wallMs: number) => `${Math.round((100 * t) / wallMs)}%`;

/**
 * Runs the cases in order (the page under wrk, each after its load had 1 s
 * to start), printing one line each: req/s, p99, the front thread's CPU per
 * request and the CPU share of the front thread, the render workers and the
 * other threads of the server process.
 */
export async function runCases(opts: { pid: number; url: string; headers?: Record<string, string>; connections: number; seconds: number; cases: LoadCase[] }): Promise<CaseResult[]> {
  print(
    `${'case'.padEnd(22)} ${'req/s'.padStart(7)} ${'p99'.padStart(9)} ${'front CPU/req'.padStart(13)}  ${'front'.padStart(5)} ${'workers'.padStart(7)} ${'other'.padStart(5)}  ${'loadavg'.padStart(7)}`,
  );
  const results: CaseResult[] = [];
  for (const c of opts.cases) {
    const pending = c.load?.();
    if (pending) await new Promise((r) => setTimeout(r, 1000));
    const before = threadCpu(opts.pid);
    const t0 = performance.now();
    const r = await wrk(opts.url, { connections: opts.connections, seconds: opts.seconds, ...(opts.headers ? { headers: opts.headers } : {}) });
    const wallMs = performance.now() - t0;
    const after = threadCpu(opts.pid);
    const load = os.loadavg()[0]!;
    const note = pending ? await pending : '';
    const cpu = { main: after.main - before.main, render: after.render - before.render, other: after.other - before.other };
    const res: CaseResult = { name: c.name, idle: !c.load, r, cpu, wallMs, load, note };
    results.push(res);
    print(
      `${c.name.padEnd(22)} ${Math.round(r.rps).toString().padStart(7)} ${r.p99.padStart(9)} ${`${perRequest(res).toFixed(1)} µs`.padStart(13)}  ${share(cpu.main, wallMs).padStart(5)} ${share(cpu.render, wallMs).padStart(7)} ${share(cpu.other, wallMs).padStart(5)}  ${load.toFixed(1).padStart(7)}  ${note}`,
    );
  }
  return results;
}

/**
 * One verdict line per loaded case: its rate against the mean of the idle
 * runs on either side of it (the goal: at least 0.8, p99 at most 20 ms), and
 * its front-thread CPU per request against theirs (what the load adds to
 * each request, whatever else the machine runs).
 */
export function verdicts(results: CaseResult[]): { line: string; met: boolean }[] {
  const out: { line: string; met: boolean }[] = [];
  results.forEach((c, i) => {
    if (c.idle) return;
    const prev = results.slice(0, i).reverse().find((x) => x.idle);
    const next = results.slice(i + 1).find((x) => x.idle);
    const refs = [prev, next].filter((x): x is CaseResult => x !== undefined);
    if (refs.length === 0) return;
    const rps = refs.reduce((n, x) => n + x.r.rps, 0) / refs.length;
    const cpu = refs.reduce((n, x) => n + perRequest(x), 0) / refs.length;
    const ratio = c.r.rps / rps;
    const met = ratio >= GOAL.ratio && c.r.p99ms <= GOAL.p99ms;
    out.push({
      met,
      line:
        `${c.name}: ${ratio.toFixed(2)} of the neighbouring idle rate, p99 ${c.r.p99}; ` +
        `front-thread CPU per request ${(perRequest(c) / cpu).toFixed(2)} of idle ` +
        `(goal >= ${GOAL.ratio} and p99 <= ${GOAL.p99ms} ms: ${met ? 'MET' : 'NOT MET'})`,
    });
  });
  return out;
}

/** The machine, for the figures' record. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.versions.node}, load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;
}
