/**
 * Request logs of any length in each tool's exact format, modelled line for line on the real files in
 * fixtures/logs/ (k6 v0.5x `--out json`, JMeter 5 CSV and XML results, warp's --benchdata): a fill
 * of `ingests` successful PUTs by `vus` concurrent clients whose latency grows by `growth` from the first to
 * the last, with GETs (reads) interleaved every `readEvery` requests and one PUT in `failEvery`
 * failing with a 503. Seeded: the same options give the same bytes.
 */
import { mulberry32 } from '../../src/generate/mulberry32.js';
import type { LogImportCounts } from '../../src/model/records.js';

/** What `import FILE --json` prints for a log. */
export interface ImportedLog {
  runId: string;
  batches: number;
  tool: { tool: string; variant?: string; version?: string; hasMethod: boolean };
  counts: LogImportCounts;
}

export interface LogSpec {
  ingests: number;
  /** Latency of the last PUT over the first (1 = flat). */
  growth: number;
  baseMs?: number;
  vus?: number;
  readEvery?: number;
  failEvery?: number;
  seed?: number;
  startMs?: number;
}

export interface SimRequest {
  method: 'PUT' | 'GET';
  path: string;
  startMs: number;
  durationMs: number;
  ttfbMs: number;
  status: number;
  bytes: number;
  vu: number;
}

/** The requests of a fill, in completion order (each client issues its next when its last ends). */
export function simulate(spec: LogSpec): SimRequest[] {
  const rand = mulberry32(spec.seed ?? 7);
  const vus = spec.vus ?? 4;
  const base = spec.baseMs ?? 20;
  const free = Array.from({ length: vus }, () => spec.startMs ?? 1_767_225_600_000);
  const out: SimRequest[] = [];
  let puts = 0;
  let n = 0;
  while (puts < spec.ingests) {
    n++;
    const vu = n % vus;
    const read = spec.readEvery !== undefined && n % spec.readEvery === 0;
    const f = 1 + (spec.growth - 1) * (puts / spec.ingests);
    const duration = Math.round(base * f * (0.8 + 0.4 * rand()) * 1000) / 1000;
    const failed = !read && spec.failEvery !== undefined && n % spec.failEvery === 0;
    const start = free[vu] as number;
    free[vu] = start + duration + 0.5;
    if (!read && !failed) puts++;
    out.push({
      method: read ? 'GET' : 'PUT',
      path: `/objects/o${read ? Math.max(0, puts - 5) : puts}`,
      startMs: start,
      durationMs: duration,
      ttfbMs: Math.round(duration * 0.9 * 1000) / 1000,
      status: failed ? 503 : read ? 200 : 201,
      bytes: read ? 0 : 1024,
      vu,
    });
  }
  return out.sort((a, b) => a.startMs + a.durationMs - (b.startMs + b.durationMs));
}

const iso = (ms: number): string => {
  const whole = Math.floor(ms);
  const frac = Math.round((ms - whole) * 1e6);
  return `${new Date(whole).toISOString().slice(0, 23)}${String(frac).padStart(6, '0')}Z`;
};

/** k6 `--out json`: metric declarations on first use, then every http_req_* Point of each request. */
export function* k6Lines(reqs: readonly SimRequest[]): Generator<string> {
  const declared = new Set<string>();
  const declare = function* (name: string, type: string, contains: string): Generator<string> {
    if (declared.has(name)) return;
    declared.add(name);
    yield `{"type":"Metric","data":{"name":"${name}","type":"${type}","contains":"${contains}","thresholds":[],"submetrics":null},"metric":"${name}"}`;
  };
  yield* declare('vus', 'gauge', 'default');
  yield `{"metric":"vus","type":"Point","data":{"time":"${iso(reqs[0]?.startMs ?? 0)}","value":4,"tags":null}}`;
  for (const r of reqs) {
    const time = iso(r.startMs + r.durationMs);
    const ok = r.status < 400;
    const url = `http://127.0.0.1:8080${r.path}`;
    const tags = `{"expected_response":"${ok}","group":"","method":"${r.method}","name":"${url}","proto":"HTTP/1.1","scenario":"default","status":"${r.status}","url":"${url}"}`;
    const point = (name: string, value: number): string =>
      `{"metric":"${name}","type":"Point","data":{"time":"${time}","value":${value},"tags":${tags}}}`;
    yield* declare('http_reqs', 'counter', 'default');
    yield point('http_reqs', 1);
    yield* declare('http_req_duration', 'trend', 'time');
    yield point('http_req_duration', r.durationMs);
    for (const [name, v] of [
      ['http_req_blocked', 0.004],
      ['http_req_connecting', 0],
      ['http_req_tls_handshaking', 0],
      ['http_req_sending', 0.05],
      ['http_req_waiting', r.ttfbMs],
      ['http_req_receiving', 0.07],
    ] as const) {
      yield* declare(name, 'trend', 'time');
      yield point(name, v);
    }
    yield* declare('http_req_failed', 'rate', 'default');
    yield point('http_req_failed', ok ? 0 : 1);
  }
}

/** JMeter 5's default CSV columns, in its order. */
export const JMETER_CSV_HEADER =
  'timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect';

export function* jmeterCsvLines(reqs: readonly SimRequest[]): Generator<string> {
  yield JMETER_CSV_HEADER;
  for (const r of reqs) {
    const ok = r.status < 400;
    const label = `${r.method} object`;
    const msg = ok ? (r.status === 201 ? 'Created' : 'OK') : 'Service Unavailable';
    const fail = ok ? '' : '"Test failed: code expected to match /201/"';
    yield `${Math.round(r.startMs)},${Math.round(r.durationMs)},${label},${r.status},${msg},Fill 1-${r.vu + 1},text,${ok},${fail},${ok ? 180 : 320},${r.bytes + 160},4,4,http://127.0.0.1:8080${r.path},${Math.round(r.ttfbMs)},0,1`;
  }
}

export function* jmeterXmlLines(reqs: readonly SimRequest[]): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>';
  yield '<testResults version="1.2">';
  for (const r of reqs) {
    const ok = r.status < 400;
    yield `<httpSample t="${Math.round(r.durationMs)}" it="0" lt="${Math.round(r.ttfbMs)}" ct="1" ts="${Math.round(r.startMs)}" s="${ok}" lb="${r.method} object" rc="${r.status}" rm="${ok ? 'Created' : 'Service Unavailable'}" tn="Fill 1-${r.vu + 1}" dt="text" by="180" sby="${r.bytes + 160}" ng="4" na="4">`;
    yield `  <method class="java.lang.String">${r.method}</method>`;
    yield `  <java.net.URL>http://127.0.0.1:8080${r.path}</java.net.URL>`;
    yield '</httpSample>';
  }
  yield '</testResults>';
}

/** warp's --benchdata columns (pkg/bench/ops.go, releases with client_id, endpoint and cat). */
export const WARP_HEADER =
  'idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror\tstart\tfirst_byte\tend\tduration_ns\tcat';

export function* warpLines(reqs: readonly SimRequest[]): Generator<string> {
  yield WARP_HEADER;
  let i = 0;
  for (const r of reqs) {
    const err =
      r.status >= 400 ? 'We encountered an internal error, please try again.: cause(503 Service Unavailable)' : '';
    const op = r.method === 'PUT' ? 'PUT' : 'GET';
    const size = r.method === 'PUT' ? r.bytes : 1024;
    yield `${i++}\t${r.vu}\t${op}\tc1\t1\t${size}\t127.0.0.1:9000\twarp-bench/${r.path.slice(9)}.rnd\t${err}\t${iso(r.startMs)}\t${iso(r.startMs + r.ttfbMs)}\t${iso(r.startMs + r.durationMs)}\t${Math.round(r.durationMs * 1e6)}\t0`;
  }
  yield '# warp put --host=127.0.0.1:9000 --obj.size=1KiB --concurrent=4';
}
