/**
 * k6's `--out json` lines: one JSON object a line, `{"type":"Metric",…}` declaring a metric and
 * `{"type":"Point","metric":NAME,"data":{"time","value","tags"}}` for each sample. Every HTTP request
 * writes one `http_req_duration` Point (its value the duration in ms, its time the request's end,
 * its tags method, name, url, status and expected_response), then the other http_req_* Points of the
 * same request with the same time and tags; its `http_req_waiting` is the time to first byte.
 *
 * Only lines naming an http_req_duration or http_req_waiting metric are parsed; every other line is
 * checked to be one whole JSON object line (it starts with `{` and ends with `}`) and counted. The
 * last line, if the file does not end with a line break, is always parsed: a cut-off write is an
 * error naming its line, never a silently lost request.
 */
import type { LineChunk } from './log-lines.js';
import { badLine } from './log-lines.js';
import { rfc3339Ms, toNs, type LogFacts, type LogRequest, type RequestChunk } from './log-request.js';

interface K6Point {
  type?: unknown;
  metric?: unknown;
  data?: { time?: unknown; value?: unknown; tags?: Record<string, unknown> | null };
}

const HINT = 'give the file k6 wrote with --out json=FILE (one JSON object a line), whole';

function parse(line: string, file: string, n: number): K6Point {
  try {
    return JSON.parse(line) as K6Point;
  } catch {
    throw badLine(file, n, 'not a whole JSON line (cut off?)', HINT);
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The request of an http_req_duration Point. */
function requestOf(p: K6Point, file: string, n: number): LogRequest {
  const d = p.data;
  const value = d?.value;
  const time = typeof d?.time === 'string' ? rfc3339Ms(d.time) : NaN;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || !Number.isFinite(time))
    throw badLine(file, n, 'an http_req_duration Point without a time and a duration in ms', HINT);
  const tags = d?.tags ?? {};
  const statusText = str(tags.status);
  const status = statusText === null || statusText === '' || statusText === '0' ? null : Number(statusText);
  const expected = str(tags.expected_response);
  const httpStatus = status !== null && Number.isInteger(status) ? status : null;
  const ok = expected === null ? httpStatus !== null && httpStatus < 400 : expected === 'true';
  const url = str(tags.url);
  return {
    startMs: toNs(time - value),
    endMs: toNs(time),
    durationMs: toNs(value),
    ttfbMs: null,
    method: str(tags.method)?.toUpperCase() ?? null,
    name: str(tags.name) ?? url ?? '',
    url,
    status: httpStatus,
    ok,
    bytes: 0,
    line: n,
  };
}

/** Whether the line names http_req_duration or http_req_waiting (one scan for `"http_req_`). */
function namesTimingMetric(line: string): boolean {
  for (let at = line.indexOf('"http_req_'); at >= 0; at = line.indexOf('"http_req_', at + 10)) {
    const c = line.charCodeAt(at + 10);
    if (c === 100 || c === 119) return true; // d(uration), w(aiting)
  }
  return false;
}

const isObjectLine = (line: string): boolean => line.charCodeAt(0) === 123 && line.charCodeAt(line.length - 1) === 125;

export class K6Reader {
  readonly facts: LogFacts = { tool: 'k6', hasMethod: true };

  constructor(private readonly file: string) {}

  async *read(chunks: AsyncIterable<LineChunk>): AsyncGenerator<RequestChunk> {
    /** The last request read: its http_req_waiting Point may follow. */
    let pending: { req: LogRequest; time: unknown; url: unknown } | null = null;
    for await (const c of chunks) {
      const out: LogRequest[] = [];
      let other = 0;
      const lastIndex = c.unterminated ? c.lines.length - 1 : -1;
      for (let i = 0; i < c.lines.length; i++) {
        const line = c.lines[i] as string;
        const n = c.first + i;
        if (line === '') continue;
        if (!namesTimingMetric(line)) {
          if (i === lastIndex) parse(line, this.file, n);
          else if (!isObjectLine(line)) throw badLine(this.file, n, 'not a JSON object line', HINT);
          other++;
          continue;
        }
        const p = parse(line, this.file, n);
        if (p.type !== 'Point') {
          other++;
          continue;
        }
        if (p.metric === 'http_req_duration') {
          if (pending !== null) out.push(pending.req);
          pending = { req: requestOf(p, this.file, n), time: p.data?.time, url: p.data?.tags?.url };
        } else {
          if (p.metric === 'http_req_waiting' && pending !== null && pending.time === p.data?.time) {
            const v = p.data?.value;
            if (pending.url === p.data?.tags?.url && typeof v === 'number' && Number.isFinite(v))
              pending.req.ttfbMs = toNs(v);
          }
          other++;
        }
      }
      if (c.end && pending !== null) {
        out.push(pending.req);
        pending = null;
      }
      yield { requests: out, otherLines: other };
    }
  }
}
