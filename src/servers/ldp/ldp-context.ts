/**
 * What every LDP handler gets: the exchange, the public base URI (`http://{Host}/rest`), the
 * session (committed store or transaction), and the writer that owns the repository. Also the
 * lookups that turn "missing" and "deleted" into Fedora 6's 404 and 410 (§2.5, §5.18).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../common/http-error.js';
import type { KvReader } from './kv-store.js';
import type { Lookup, Repository } from './repository.js';
import type { ResourceRecord } from './ldp-records.js';
import { tombstoneLink } from './response-headers.js';
import type { Session, Writer } from './sessions.js';

export interface LdpContext {
  req: IncomingMessage;
  res: ServerResponse;
  base: string;
  session: Session;
  writer: Writer;
  /** Largest RDF body buffered for a container (binaries stream and have no limit). */
  maxRdfBytes: number;
}

export const repoOf = (ctx: LdpContext): Repository => ctx.writer.repo;

export function goneError(ctx: LdpContext, tombstonePath: string): HttpError {
  return new HttpError(410, `Gone: ${tombstonePath === '' ? '/' : `/${tombstonePath}`} has been deleted`, {
    headers: { Link: tombstoneLink(ctx.base, tombstonePath) },
  });
}

export function notFoundError(path: string): HttpError {
  return new HttpError(404, `Not Found: /${path}`);
}

/** The record at `path`, or 404 / 410 with the tombstone link. */
export async function requireFound(ctx: LdpContext, view: KvReader, path: string): Promise<ResourceRecord> {
  const found: Lookup = await repoOf(ctx).lookup(view, path);
  if (found.state === 'found') return found.record;
  if (found.state === 'gone') throw goneError(ctx, found.tombstone);
  throw notFoundError(path);
}
