/**
 * One request of a foreign load tool's log, as every reader hands it on: when it started and ended
 * (Unix ms with sub-ms fractions where the tool writes them), what it was (method, name, URL), and
 * how it went. Readers make them; the selection (request-selection.ts) and the batcher
 * (request-batches.ts) take them, whatever the tool.
 */

export interface LogRequest {
  /** Unix ms. */
  startMs: number;
  /** Unix ms: start + duration. */
  endMs: number;
  durationMs: number;
  /** Time to first byte, where the tool records it. */
  ttfbMs: number | null;
  /** Upper-case HTTP method, or null where the log does not say. */
  method: string | null;
  /** The request's label or name (JMeter label, k6 name tag, warp op). */
  name: string;
  url: string | null;
  /** HTTP status, or null (no response, or the tool does not record it). */
  status: number | null;
  /** The tool's own judgement of the request. */
  ok: boolean;
  /** Bytes sent (the object's size for an upload), 0 where the tool does not record them. */
  bytes: number;
  /** 1-based line of the request in the log. */
  line: number;
}

/** What a reader learned from the log itself. */
export interface LogFacts {
  tool: 'k6' | 'jmeter' | 'warp';
  /** The tool's variant of the format (jmeter: csv or xml). */
  variant?: string;
  /** The tool's or the format's version where the file says it. */
  version?: string;
  /** Whether the requests carry their HTTP method. */
  hasMethod: boolean;
}

/** A reader's yield: the requests of a chunk of lines, and the lines it left out as not requests. */
export interface RequestChunk {
  requests: LogRequest[];
  /** Lines that were not requests (other metrics, declarations, comments). */
  otherLines: number;
}

/** ms rounded to whole nanoseconds (the store keeps times as whole nanoseconds exactly). */
export const toNs = (ms: number): number => Math.round(ms * 1e6) / 1e6;

/**
 * An RFC 3339 time (k6's and warp's, Go's time.RFC3339Nano: up to nine fraction digits, Z or an
 * offset) as Unix ms keeping the fraction's sub-ms digits; NaN if it is not one.
 */
export function rfc3339Ms(s: string): number {
  const dot = s.indexOf('.', 19);
  if (dot < 0) return Date.parse(s);
  let end = dot + 1;
  while (end < s.length && s.charCodeAt(end) >= 48 && s.charCodeAt(end) <= 57) end++;
  const whole = Date.parse(s.slice(0, dot) + s.slice(end));
  const frac = Number(`0${s.slice(dot, end)}`) * 1000;
  return whole + frac;
}
