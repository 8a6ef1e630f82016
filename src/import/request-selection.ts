/**
 * Which requests of a log filled the store: `--method` (the methods of an ingest; without it every
 * request but a read: GET, HEAD, OPTIONS, or any request where the log has no method), `--match`
 * (a regular expression tried on the name/label and the URL) and `--status` (status classes or codes,
 * `2xx`, `201,204`; a request without an HTTP status — no response — is never left out by it, it is
 * a failed request). With `--reads-as-probes` the GETs that are not ingests are kept as read probes.
 * Every request is one of: an ingest, a probe, or left out for the first test it failed.
 */
import { UsageError } from '../errors.js';
import type { LogRequest } from './log-request.js';

export interface Selection {
  methods: readonly string[] | null;
  match: RegExp | null;
  /** Allowed status classes (2 for 2xx) and codes. */
  status: { classes: readonly number[]; codes: readonly number[] } | null;
  readsAsProbes: boolean;
}

export type Verdict = 'ingest' | 'probe' | 'method' | 'match' | 'status';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Parses `--status 2xx,3xx` or `--status 201,204`. */
export function parseStatusSpec(spec: string): Selection['status'] {
  const classes: number[] = [];
  const codes: number[] = [];
  for (const part of spec.split(',').map((p) => p.trim().toLowerCase())) {
    if (/^[1-5]xx$/.test(part)) classes.push(Number(part[0]));
    else if (/^[1-5]\d\d$/.test(part)) codes.push(Number(part));
    else
      throw new UsageError(
        'E_BAD_FLAG',
        `--status "${spec}": "${part}" is neither a status class nor a status code`,
        'give classes and codes separated by commas, e.g. --status 2xx or --status 201,204',
      );
  }
  return { classes, codes };
}

/** Parses `--method PUT,POST` (or PUT|POST). */
export function parseMethods(spec: string): string[] {
  const methods = spec
    .split(/[,|]/)
    .map((m) => m.trim().toUpperCase())
    .filter((m) => m !== '');
  if (methods.length === 0 || methods.some((m) => !/^[A-Z]+$/.test(m)))
    throw new UsageError(
      'E_BAD_FLAG',
      `--method "${spec}" is not a list of HTTP methods`,
      'e.g. --method PUT or --method PUT,POST',
    );
  return methods;
}

export function parseMatch(spec: string): RegExp {
  try {
    return new RegExp(spec);
  } catch (e) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--match "${spec}" is not a regular expression (${(e as Error).message})`,
      'give a JavaScript regular expression, e.g. --match "^PUT object$"',
    );
  }
}

const statusAllowed = (s: NonNullable<Selection['status']>, status: number | null): boolean =>
  status === null || s.codes.includes(status) || s.classes.includes(Math.floor(status / 100));

export function classify(sel: Selection, r: LogRequest): Verdict {
  const method = r.method;
  const methodOk =
    sel.methods === null ? method === null || !READS.has(method) : method !== null && sel.methods.includes(method);
  if (!methodOk) return sel.readsAsProbes && method === 'GET' ? 'probe' : 'method';
  if (sel.match !== null && !sel.match.test(r.name) && (r.url === null || !sel.match.test(r.url))) return 'match';
  if (sel.status !== null && !statusAllowed(sel.status, r.status)) return 'status';
  return 'ingest';
}
