/**
 * wrk (Debian's wrk 4.1) as the reference client of the WebDAV benchmark: one connection per thread
 * (`-t C -c C`), so each connection sends its requests in order and waits for each answer, and a
 * Lua script that writes every object to a fresh path as the engine does — `PUT <base>/o<n>/D`
 * (servers that make paths on PUT, like nginx), or with `mkcol` first `MKCOL <base>/o<n>/` then the
 * PUT (Apache mod_dav, as the engine's --collections mkcol). Every thread writes into the one
 * collection of the run, `<prefix>/wrk-<run>/`, as the engine writes every object into its run's
 * collection (layout flat, the default): objects `o<thread>-<n>`, so the server makes all of them in
 * one directory for both clients. Each thread's first request is the MKCOL of that collection (201
 * for the first, "exists" for the others: not counted); objects are counted from the answers to
 * the PUTs.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from './proc.js';

export const WRK = '/usr/bin/wrk';
export const wrkInstalled = (): boolean => existsSync(WRK);

const SCRIPT = `
-- the next request follows from the answers so far, never from how often request() was called:
-- wrk calls it once more than it sends (a first call whose request is dropped)
local all = {}
function setup(thread)
  thread:set("id", #all)
  table.insert(all, thread)
end
function init(args)
  size = tonumber(args[1]); mode = args[2]; base = args[3]; name = "/o" .. id .. "-"
  body = string.rep("x", size)
  state = "base"; n = 1; puts = 0; bad = 0
end
function request()
  if state == "base" then return wrk.format("MKCOL", base .. "/") end
  if state == "col" then return wrk.format("MKCOL", base .. name .. n .. "/") end
  return wrk.format("PUT", base .. name .. n .. "/D", nil, body)
end
function response(status, headers, body)
  -- the collection's MKCOL: made by one thread, "exists" (405; 403 when two race) for the others;
  -- had it failed, every request after it would fail and count
  if status >= 300 and state ~= "base" then bad = bad + 1 end
  if state == "put" then puts = puts + 1; n = n + 1 end
  if mode == "mkcol" then
    state = (state == "col") and "put" or "col"
  else
    state = "put"
  end
end
function done(summary, latency, requests)
  local p, b = 0, 0
  for _, t in ipairs(all) do p = p + t:get("puts"); b = b + t:get("bad") end
  local e = summary.errors
  io.write(string.format('{"requests":%d,"us":%d,"puts":%d,"bad":%d,"socket":%d}\\n',
    summary.requests, summary.duration, p, b, e.connect + e.read + e.write + e.timeout))
end
`;

export interface WrkResult {
  /** Objects written per second (PUTs; with mkcol every object is a MKCOL and a PUT). */
  objectsPerSecond: number;
  requests: number;
  seconds: number;
  /** Answers outside 2xx/3xx, and socket errors. */
  failed: number;
  /** wrk's CPU (user + system, all its threads) per object written, µs; null without /usr/bin/time. */
  cpuUsPerObject: number | null;
}

const TIME = '/usr/bin/time';

/** One wrk run of `seconds` against `url` (a collection URL), writing fresh paths. */
export async function runWrk(o: {
  url: string;
  size: number;
  concurrency: number;
  seconds: number;
  mode: 'mkcol' | 'none';
  tag: string;
}): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-wrk-'));
  try {
    const script = join(dir, 'dav.lua');
    writeFileSync(script, SCRIPT);
    const u = new URL(o.url);
    const prefix = `${u.pathname.replace(/\/+$/, '')}/wrk-${o.tag}`;
    const args = [
      '-t',
      String(o.concurrency),
      '-c',
      String(o.concurrency),
      '-d',
      `${o.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      u.origin,
      '--',
      String(o.size),
      o.mode,
      prefix,
    ];
    const timed = existsSync(TIME);
    const limitMs = (o.seconds + 30) * 1000;
    const r = timed
      ? await runProcess(TIME, ['-f', 'wrk-cpu %U %S', WRK, ...args], { limitMs })
      : await runProcess(WRK, args, { limitMs });
    const line = r.stdout.split('\n').find((l) => l.startsWith('{"requests"'));
    if (r.code !== 0 || line === undefined)
      throw new Error(`wrk exited ${r.code}: ${r.stderr.slice(-500)}${r.stdout.slice(-500)}`);
    const j = JSON.parse(line) as { requests: number; us: number; puts: number; bad: number; socket: number };
    const seconds = j.us / 1e6;
    const cpu = /wrk-cpu ([\d.]+) ([\d.]+)/.exec(r.stderr);
    const cpuUsPerObject = cpu && j.puts > 0 ? ((Number(cpu[1]) + Number(cpu[2])) * 1e6) / j.puts : null;
    return {
      objectsPerSecond: j.puts / seconds,
      requests: j.requests,
      seconds,
      failed: j.bad + j.socket,
      cpuUsPerObject,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
