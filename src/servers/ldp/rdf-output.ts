/**
 * The RDF the server writes about its resources: server-managed triples (types, dates) and
 * ldp:contains for each child, serialised as Turtle or JSON-LD. Client-sent RDF bodies are not
 * parsed; Turtle (or N-Triples) a client sent is echoed after the server's triples under
 * `@base <resource>`, so relative IRIs keep meaning what they meant on the way in.
 */
import { LDP } from './interaction-model.js';

export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  ldp: LDP,
  fedora: 'http://fedora.info/definitions/v4/repository#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  premis: 'http://www.loc.gov/premis/rdf/v1#',
  ebucore: 'http://www.ebu.ch/metadata/ontologies/ebucore/ebucore#',
} as const;

export const RDF_TYPE = `${NS.rdf}type`;

export type Term = { iri: string } | { value: string; datatype?: string };

export interface Triple {
  s: string;
  p: string;
  o: Term;
}

export const iri = (i: string): Term => ({ iri: i });
export const literal = (value: string, datatype?: string): Term =>
  datatype === undefined ? { value } : { value, datatype };
export const dateTime = (ms: number): Term => literal(new Date(ms).toISOString(), `${NS.xsd}dateTime`);

function compact(i: string): string {
  for (const [prefix, ns] of Object.entries(NS)) {
    if (i.startsWith(ns) && /^[A-Za-z][A-Za-z0-9_-]*$/.test(i.slice(ns.length)))
      return `${prefix}:${i.slice(ns.length)}`;
  }
  return `<${i.replace(/[\u0000-\u0020<>"{}|^`\\]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}>`;
}

function quote(s: string): string {
  return `"${s.replace(/[\\"\n\r\t]/g, (c) => ({ '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c] ?? c)}"`;
}

function term(t: Term): string {
  if ('iri' in t) return compact(t.iri);
  return t.datatype === undefined ? quote(t.value) : `${quote(t.value)}^^${compact(t.datatype)}`;
}

/** Triples grouped by subject, then predicate, in first-seen order. */
function group(triples: readonly Triple[]): Map<string, Map<string, Term[]>> {
  const bySubject = new Map<string, Map<string, Term[]>>();
  for (const t of triples) {
    let preds = bySubject.get(t.s);
    if (preds === undefined) bySubject.set(t.s, (preds = new Map()));
    const objs = preds.get(t.p);
    if (objs === undefined) preds.set(t.p, [t.o]);
    else objs.push(t.o);
  }
  return bySubject;
}

export function toTurtle(triples: readonly Triple[], echo?: { base: string; body: Buffer }): string {
  const lines = Object.entries(NS).map(([p, ns]) => `@prefix ${p}: <${ns}> .`);
  for (const [s, preds] of group(triples)) {
    lines.push('');
    const parts = [...preds].map(
      ([p, objs]) => `  ${p === RDF_TYPE ? 'a' : compact(p)} ${objs.map(term).join(' ,\n    ')}`,
    );
    lines.push(`${compact(s)}\n${parts.join(' ;\n')} .`);
  }
  let out = `${lines.join('\n')}\n`;
  if (echo !== undefined && echo.body.length > 0) out += `\n@base <${echo.base}> .\n${echo.body.toString('utf8')}\n`;
  return out;
}

export function toJsonLd(triples: readonly Triple[]): string {
  const nodes = [...group(triples)].map(([s, preds]) => {
    const node: Record<string, unknown> = { '@id': s };
    for (const [p, objs] of preds) {
      if (p === RDF_TYPE) node['@type'] = objs.map((o) => ('iri' in o ? o.iri : o.value));
      else
        node[p] = objs.map((o) =>
          'iri' in o
            ? { '@id': o.iri }
            : o.datatype === undefined
              ? { '@value': o.value }
              : { '@value': o.value, '@type': o.datatype },
        );
    }
    return node;
  });
  return `${JSON.stringify(nodes, null, 2)}\n`;
}
