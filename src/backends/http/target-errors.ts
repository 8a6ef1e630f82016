/**
 * A target's own failure as the typed target error (exit 4, never "internal error"): one line that
 * names the request (method and path), the status and the server's own message, and a hint of what
 * to check. A refusal (401/403) names what the server asked for — the schemes of its
 * WWW-Authenticate — beside what this tool can send: Basic (--user with INGEST_SCALE_PASSWORD) or a
 * bearer token (INGEST_SCALE_TOKEN), or a Solid-OIDC login's DPoP-bound token (--oidc-issuer). Nothing here
 * ever holds a credential.
 */
import { IngestScaleError, RunFailedError } from '../../errors.js';
import { OpError } from '../op-timer.js';

type Headers = Record<string, string | string[] | undefined>;

/** What the tool sent with the request: the kind only, never the secret. */
export type SentAuth =
  | { kind: 'none' }
  | { kind: 'basic'; user: string }
  | { kind: 'bearer' }
  | { kind: 'dpop'; issuer: string };

/** Where a response came from: the request, the target as recorded, and what credentials went with it. */
export interface Asked {
  method: string;
  path: string;
  target: string;
  sent: SentAuth;
}

/**
 * An operation's failure that keeps its request and the server's answer: recorded as a failed
 * operation during ingest (its error code), turned into the target error where the run cannot go on
 * without it (preflight, the run's own container, a clean's listing) by `asTargetError`.
 */
export class HttpOpError extends OpError {
  constructor(
    errorCode: string,
    message: string,
    readonly asked: { method: string; path: string; status: number; text: string },
  ) {
    super(errorCode, message, asked.status);
    this.name = 'HttpOpError';
  }
}

/** A failure where the run (or clean) needs success: the typed target error, or `unreachable` for a network error. */
export function asTargetError(e: unknown, target: string, hint?: string): unknown {
  if (e instanceof IngestScaleError) return e;
  if (e instanceof HttpOpError)
    return targetError(e.asked.method, e.asked.path, e.asked.status, e.asked.text, {
      target,
      ...(hint === undefined ? {} : { hint }),
    });
  if (e instanceof OpError) {
    return new RunFailedError('E_TARGET', `cannot reach ${target} (${e.errorCode}: ${e.message})`, {
      hint: 'check --url, that the server is running, and (for https) --ca',
      cause: e,
    });
  }
  return e;
}

/** 401/403 to a request: the auth error naming the request and what the server asked for; else null. */
export function refusal(r: { status: number; headers: Headers; text: string }, a: Asked): RunFailedError | null {
  return r.status === 401 || r.status === 403 ? authError(a.method, a.path, r.status, r.headers, r.text, a) : null;
}

const EXCERPT = 160;
const PATH_MAX = 120;

const squeeze = (s: string): string => s.replace(/\s+/g, ' ').trim();
const cap = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const decode = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * A short excerpt of what the server said: an S3-style `<Code>`/`<Message>`, a JSON `message` or
 * `error`, the title and first heading of an HTML page, else the text itself. '' when it said nothing.
 */
export function serverMessage(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  const code = /<Code>([^<]*)<\/Code>/.exec(t)?.[1];
  if (code !== undefined) {
    const message = /<Message>([^<]*)<\/Message>/.exec(t)?.[1];
    return cap(squeeze(decode(message ? `${code}: ${message}` : code)), EXCERPT);
  }
  // an RDF error description (Community Solid Server answers errors in the negotiated RDF type)
  const title = /terms\/title>\s+"((?:[^"\\]|\\.)*)"/.exec(t)?.[1];
  if (title) {
    const description = /terms\/description>\s+"((?:[^"\\]|\\.)*)"/.exec(t)?.[1];
    return cap(squeeze(description ? `${title}: ${description}` : title), EXCERPT);
  }
  if (t.startsWith('{')) {
    try {
      const j = JSON.parse(t) as Record<string, unknown>;
      const m = [j.message, j.error, j.detail, j.title].find((v) => typeof v === 'string' && v !== '');
      if (typeof m === 'string') return cap(squeeze(m), EXCERPT);
    } catch {
      // not JSON after all: the text itself below
    }
  }
  if (/^<(!doctype|html|\?xml)/i.test(t)) {
    const parts = [
      /<title[^>]*>([\s\S]*?)<\/title>/i.exec(t)?.[1],
      /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(t)?.[1],
      /<p[^>]*>([\s\S]*?)<\/p>/i.exec(t)?.[1],
    ]
      .map((p) => squeeze(decode((p ?? '').replace(/<[^>]*>/g, ' '))))
      .filter((p, i, all) => p !== '' && all.indexOf(p) === i);
    if (parts.length > 0) return cap(parts.join(' — '), EXCERPT);
    return cap(squeeze(decode(t.replace(/<[^>]*>/g, ' '))), EXCERPT);
  }
  return cap(squeeze(t), EXCERPT);
}

/** `METHOD /path?query`, the query and path capped so that the line stays one line. */
export function requestLine(method: string, path: string): string {
  return `${method} ${cap(path, PATH_MAX)}`;
}

function defaultHint(status: number): string {
  if (status >= 500)
    return 'the server failed on its side: check its log and health (disk, memory, storage behind it), then run again';
  if (status === 404 || status === 405 || status === 501)
    return 'check --url: it must point at the root the backend expects (docs/backends.md, for each backend)';
  return "check --url and the server's configuration for this request";
}

/** The target answered a request that the run needs with a failure: exit 4, naming request, status and message. */
export function targetError(
  method: string,
  path: string,
  status: number,
  text: string,
  o: { target: string; hint?: string | undefined },
): RunFailedError {
  const said = serverMessage(text);
  return new RunFailedError(
    'E_TARGET',
    `${o.target}: ${requestLine(method, path)} answered HTTP ${status}${said ? `: "${said}"` : ' (no message in the body)'}`,
    {
      hint: o.hint ?? defaultHint(status),
    },
  );
}

const TOKEN_START = /^\s*([A-Za-z0-9!#$%&'*+.^_`|~-]+)/;
const TOKEN_PARAM = /^\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+\s*=/;

/** The authentication schemes a WWW-Authenticate header offers, in order (`DPoP realm="x", Bearer` → DPoP, Bearer). */
export function authSchemes(h: Headers): string[] {
  const raw = h['www-authenticate'];
  const text = (Array.isArray(raw) ? raw.join(', ') : (raw ?? '')).replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const out: string[] = [];
  for (const piece of text.split(',')) {
    if (TOKEN_PARAM.test(piece)) continue; // an auth-param of the scheme before
    const scheme = TOKEN_START.exec(piece)?.[1];
    if (scheme && !out.includes(scheme)) out.push(scheme);
  }
  return out;
}

const TOOL_SENDS =
  'this tool sends Basic auth (--user with INGEST_SCALE_PASSWORD) or a bearer token (INGEST_SCALE_TOKEN)';

const OIDC_LOGIN =
  'log in with Solid-OIDC: --oidc-issuer with INGEST_SCALE_CLIENT_ID and INGEST_SCALE_CLIENT_SECRET (--backend ldp --flavor solid)';

function sentText(sent: SentAuth): string {
  if (sent.kind === 'basic') return `Basic auth as --user ${sent.user}`;
  if (sent.kind === 'bearer') return 'the bearer token of INGEST_SCALE_TOKEN';
  if (sent.kind === 'dpop') return `the DPoP-bound token of the Solid-OIDC login at ${sent.issuer}`;
  return 'no credentials';
}

/** The hint of a refusal: what the server asked for (its WWW-Authenticate schemes) and what this tool can send. */
function authHint(status: number, headers: Headers, sent: SentAuth): string {
  return refusalHint(status, authSchemes(headers), sent, isSolidOidc(headers));
}

/** A Solid-OIDC challenge: DPoP, or a Bearer asking for the `webid` scope (Community Solid Server). */
function isSolidOidc(h: Headers): boolean {
  const raw = [h['www-authenticate']].flat().join(', ');
  return /(^|,)\s*dpop\b/i.test(raw) || /scope="[^"]*\bwebid\b/i.test(raw);
}

function refusalHint(status: number, schemes: readonly string[], sent: SentAuth, solid: boolean): string {
  if (status === 403) {
    return `the server took ${sentText(sent)} but does not let it do this: check the user's (or token's) rights on the server, e.g. a management or write role`;
  }
  const lower = schemes.map((s) => s.toLowerCase());
  if (schemes.length === 0)
    return `the server named no scheme (no WWW-Authenticate header); ${TOOL_SENDS}, and sent ${sentText(sent)}`;
  const asks = `the server asks for ${schemes.join('/')}${solid ? ' (Solid-OIDC login)' : ''}`;
  if (sent.kind === 'dpop')
    return `${asks} and refused ${sentText(sent)}: check that this server trusts that issuer and that the client credentials' WebID may do this here (e.g. its ACL)`;
  if (lower.includes('basic')) {
    if (sent.kind === 'basic') return `${asks} and refused --user ${sent.user}: check --user and INGEST_SCALE_PASSWORD`;
    return `${asks}: give --user and set INGEST_SCALE_PASSWORD (${TOOL_SENDS}; it sent ${sentText(sent)})`;
  }
  if (lower.includes('bearer')) {
    if (sent.kind === 'bearer')
      return `${asks} and refused the token: check that INGEST_SCALE_TOKEN holds a valid, unexpired token for this server`;
    return `${asks}; ${TOOL_SENDS}: set INGEST_SCALE_TOKEN to a token the server accepts as Bearer${solid ? `, or ${OIDC_LOGIN}` : ''}`;
  }
  if (lower.includes('dpop')) return `${asks}: ${OIDC_LOGIN}`;
  return `${asks}, which this tool cannot send; ${TOOL_SENDS}`;
}

/** The target refused the credentials (401) or the right (403) for a request: exit 4, with what it asked for. */
export function authError(
  method: string,
  path: string,
  status: number,
  headers: Headers,
  text: string,
  o: { target: string; sent: SentAuth },
): RunFailedError {
  const said = serverMessage(text);
  return new RunFailedError(
    'E_AUTH',
    `${o.target} refused ${requestLine(method, path)}: HTTP ${status}${said ? `: "${said}"` : ''}`,
    {
      hint: authHint(status, headers, o.sent),
    },
  );
}
