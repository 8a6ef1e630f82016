/**
 * The RDF representation of a container (server-managed triples plus ldp:contains per child, unless
 * the client omits PreferContainment, §2.4/§5.23) and of a binary's description (fcr:metadata).
 */
import type { KvReader } from './kv-store.js';
import { uriOf } from './ldp-path.js';
import type { BinaryRecord, ContainerRecord } from './ldp-records.js';
import { NS, RDF_TYPE, dateTime, iri, literal, toJsonLd, toTurtle, type Triple } from './rdf-output.js';
import { PREFER_CONTAINMENT, PREFER_SERVER_MANAGED, omits, type Preferences } from './negotiation.js';
import type { Repository } from './repository.js';

export const RDF_OFFERS = ['text/turtle', 'application/ld+json'] as const;
const ECHOED = new Set(['text/turtle', 'application/n-triples']);

export interface Rendered {
  body: Buffer;
  contentType: string;
}

function serialise(
  mime: string,
  triples: Triple[],
  base: string,
  stored: Buffer | undefined,
  storedType: string | undefined,
): Rendered {
  if (mime === 'application/ld+json')
    return { body: Buffer.from(toJsonLd(triples)), contentType: 'application/ld+json' };
  const echo =
    stored !== undefined && storedType !== undefined && ECHOED.has(storedType) ? { base, body: stored } : undefined;
  return { body: Buffer.from(toTurtle(triples, echo)), contentType: 'text/turtle;charset=utf-8' };
}

export async function renderContainer(
  repo: Repository,
  view: KvReader,
  base: string,
  path: string,
  r: ContainerRecord,
  mime: string,
  prefs: Preferences,
): Promise<Rendered> {
  const s = uriOf(base, path);
  const t: Triple[] = [];
  if (!omits(prefs, PREFER_SERVER_MANAGED)) {
    for (const type of [
      `${NS.ldp}${r.model}`,
      `${NS.ldp}Container`,
      `${NS.ldp}RDFSource`,
      `${NS.fedora}Container`,
      `${NS.fedora}Resource`,
    ]) {
      t.push({ s, p: RDF_TYPE, o: iri(type) });
    }
    t.push(
      { s, p: `${NS.fedora}created`, o: dateTime(r.created) },
      { s, p: `${NS.fedora}lastModified`, o: dateTime(r.modified) },
    );
  }
  if (!omits(prefs, PREFER_CONTAINMENT)) {
    for (const child of await repo.children(view, path))
      t.push({ s, p: `${NS.ldp}contains`, o: iri(uriOf(base, child)) });
  }
  return serialise(mime, t, s, await repo.rdf(view, path), r.rdfType);
}

export async function renderDescription(
  repo: Repository,
  view: KvReader,
  base: string,
  path: string,
  r: BinaryRecord,
  mime: string,
): Promise<Rendered> {
  const s = uriOf(base, path);
  const t: Triple[] = [];
  for (const type of [`${NS.ldp}NonRDFSource`, `${NS.fedora}Binary`, `${NS.fedora}Resource`])
    t.push({ s, p: RDF_TYPE, o: iri(type) });
  t.push(
    { s, p: `${NS.fedora}created`, o: dateTime(r.created) },
    { s, p: `${NS.fedora}lastModified`, o: dateTime(r.modified) },
    { s, p: `${NS.premis}hasSize`, o: literal(String(r.size), `${NS.xsd}long`) },
    { s, p: `${NS.ebucore}hasMimeType`, o: literal(r.mime) },
  );
  if (r.filename !== undefined) t.push({ s, p: `${NS.ebucore}filename`, o: literal(r.filename) });
  for (const [alg, hex] of Object.entries(r.digests))
    t.push({ s, p: `${NS.premis}hasMessageDigest`, o: iri(`urn:${alg === 'sha' ? 'sha1' : alg}:${hex}`) });
  return serialise(mime, t, s, await repo.rdf(view, path), r.rdfType);
}
