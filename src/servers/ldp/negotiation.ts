/**
 * Accept and Prefer, as far as an LDP server needs them: does the client accept a media type
 * (q > 0, most specific range wins), which RDF serialisation to answer, and the LDP preferences
 * (`return=minimal|representation`, `include`/`omit` of PreferContainment, docs/protocols.md §2.4).
 */

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  const out: MediaRange[] = [];
  for (const raw of header.split(',')) {
    const [range = '', ...params] = raw.split(';');
    const [type = '', subtype = ''] = range.trim().toLowerCase().split('/');
    if (type === '' || subtype === '') continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m && m[1] !== undefined) q = Number.isFinite(Number(m[1])) ? Number(m[1]) : 0;
    }
    out.push({ type, subtype, q });
  }
  return out;
}

/** The q the Accept header gives a media type (1 when there is no Accept header). */
export function acceptQuality(header: string | undefined, mime: string): number {
  if (header === undefined || header.trim() === '') return 1;
  const [type = '', subtype = ''] = mime.toLowerCase().split(';')[0]?.trim().split('/') ?? [];
  let best: { specificity: number; q: number } | undefined;
  for (const r of parseAccept(header)) {
    let specificity = -1;
    if (r.type === type && r.subtype === subtype) specificity = 2;
    else if (r.type === type && r.subtype === '*') specificity = 1;
    else if (r.type === '*' && r.subtype === '*') specificity = 0;
    if (specificity >= 0 && (best === undefined || specificity > best.specificity)) best = { specificity, q: r.q };
  }
  return best?.q ?? 0;
}

export function accepts(header: string | undefined, mime: string): boolean {
  return acceptQuality(header, mime) > 0;
}

/** The best of `offers` for the Accept header (first offer on ties), or undefined → 406. */
export function negotiate(header: string | undefined, offers: readonly string[]): string | undefined {
  let best: { mime: string; q: number } | undefined;
  for (const mime of offers) {
    const q = acceptQuality(header, mime);
    if (q > 0 && (best === undefined || q > best.q)) best = { mime, q };
  }
  return best?.mime;
}

export interface Preferences {
  /** `minimal`, `representation`, or undefined when no return preference was sent. */
  return?: string;
  include: Set<string>;
  omit: Set<string>;
  /** True when any Prefer header was sent. */
  sent: boolean;
}

export const PREFER_CONTAINMENT = 'http://www.w3.org/ns/ldp#PreferContainment';
export const PREFER_SERVER_MANAGED = 'http://fedora.info/definitions/fcrepo#ServerManaged';

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    include: new Set(),
    omit: new Set(),
    sent: header !== undefined && header.trim() !== '',
  };
  if (!prefs.sent || header === undefined) return prefs;
  // Preferences are comma-separated; quoted parameter values hold space-separated IRIs (no commas).
  for (const pref of header.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    const [head = '', ...params] = pref.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const [name = '', value = ''] = head.split('=').map((s) => s.trim());
    if (name.toLowerCase() !== 'return') continue;
    prefs.return = value.replace(/^"|"$/g, '').toLowerCase();
    for (const p of params) {
      const eq = p.indexOf('=');
      if (eq < 0) continue;
      const key = p.slice(0, eq).trim().toLowerCase();
      const iris = p
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, '')
        .split(/\s+/)
        .filter(Boolean);
      if (key === 'include') iris.forEach((i) => prefs.include.add(i));
      if (key === 'omit') iris.forEach((i) => prefs.omit.add(i));
    }
  }
  return prefs;
}

/** Whether a preference class of triples is omitted (include wins over omit). */
export function omits(prefs: Preferences, iri: string): boolean {
  return prefs.omit.has(iri) && !prefs.include.has(iri);
}
