/**
 * Container or binary? Fedora 6's rule (docs/protocols.md §2.2, §5.12): a binary (ldp:NonRDFSource)
 * when `Link: <ldp#NonRDFSource>; rel="type"` is sent, or when a body AND a non-RDF Content-Type
 * are sent with no interaction-model link; otherwise a container, and no Content-Type means
 * text/turtle. Allowed rel="type" models: Basic/Direct/IndirectContainer and NonRDFSource; any
 * other → 400 "Invalid interaction model" (fedora:ArchivalGroup and the versioning type are skipped).
 */
import { badRequest } from '../common/http-error.js';
import type { ContainerModel, ResourceRecord } from './ldp-records.js';

export const LDP = 'http://www.w3.org/ns/ldp#';
export type Model = ContainerModel | 'NonRDFSource';

const MODELS: readonly Model[] = ['BasicContainer', 'DirectContainer', 'IndirectContainer', 'NonRDFSource'];
const SKIPPED = new Set([
  'http://fedora.info/definitions/v4/repository#ArchivalGroup',
  'http://mementoweb.org/ns#OriginalResource',
]);

export const RDF_TYPES: readonly string[] = [
  'text/turtle',
  'application/ld+json',
  'application/n-triples',
  'application/rdf+xml',
  'text/n3',
  'text/rdf+n3',
  'application/n3',
];

export interface LinkValue {
  uri: string;
  rel: string;
}

/** Parses Link headers (`<uri>; rel="type", <uri2>; rel=describedby`). Garbage is skipped. */
export function parseLinks(header: string | undefined): LinkValue[] {
  if (header === undefined) return [];
  const out: LinkValue[] = [];
  const re = /<([^>]*)>\s*((?:;\s*[^;,=\s]+\s*(?:=\s*(?:"[^"]*"|[^;,\s]*))?\s*)*)/g;
  for (let m = re.exec(header); m !== null; m = re.exec(header)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]*))/i.exec(m[2] ?? '');
    out.push({ uri: (m[1] ?? '').trim(), rel: (rel?.[1] ?? rel?.[2] ?? '').trim().toLowerCase() });
  }
  return out;
}

/** The interaction model a request asks for with rel="type", or undefined. Throws 400 for others. */
export function requestedModel(linkHeader: string | undefined): Model | undefined {
  let found: Model | undefined;
  for (const l of parseLinks(linkHeader)) {
    if (!l.rel.split(/\s+/).includes('type') || SKIPPED.has(l.uri)) continue;
    const model = l.uri.startsWith(LDP) ? MODELS.find((m) => LDP + m === l.uri) : undefined;
    if (model === undefined) throw badRequest(`Invalid interaction model: ${l.uri}`);
    if (found !== undefined && found !== model)
      throw badRequest(`Invalid interaction model: both ${found} and ${model} requested`);
    found = model;
  }
  return found;
}

/** `type/subtype` in lower case, without parameters; undefined when absent or blank. */
export function mediaType(contentType: string | undefined): string | undefined {
  const t = contentType?.split(';')[0]?.trim().toLowerCase();
  return t === undefined || t === '' ? undefined : t;
}

export function isRdfType(mime: string | undefined): boolean {
  return mime !== undefined && RDF_TYPES.includes(mime);
}

/**
 * The kind a request creates or replaces with. An existing binary stays a binary unless a
 * container model is requested; an existing container with a non-RDF body is asked to become a
 * binary (→ 409 at the caller, like any interaction-model change).
 */
export function requestedKind(opts: {
  model: Model | undefined;
  mime: string | undefined;
  hasBody: boolean;
  existing?: ResourceRecord;
}): 'binary' | 'container' {
  if (opts.model !== undefined) return opts.model === 'NonRDFSource' ? 'binary' : 'container';
  if (opts.existing?.kind === 'binary') return 'binary';
  return opts.hasBody && opts.mime !== undefined && !isRdfType(opts.mime) ? 'binary' : 'container';
}

/** The `filename` of a Content-Disposition header (filename* UTF-8 form preferred), if any. */
export function dispositionFilename(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const star = /;\s*filename\*\s*=\s*(?:utf-8|UTF-8)'[^']*'([^;\s]+)/.exec(header);
  if (star?.[1] !== undefined) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain parameter
    }
  }
  const m = /;\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const raw = m?.[1]?.replace(/\\(.)/g, '$1') ?? m?.[2];
  if (raw === undefined) return undefined;
  // Header bytes arrive as latin1; a UTF-8 file name sent raw decodes back here.
  const utf8 = Buffer.from(raw, 'latin1').toString('utf8');
  return utf8.includes('\uFFFD') ? raw : utf8;
}
