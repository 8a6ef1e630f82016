/**
 * The Fedora 3 REST resources under /fedora (docs/protocols.md §1.1) and the methods each accepts.
 * PID segments are matched still percent-encoded against the route regex: a mismatch matches no
 * resource → 404, as in the JAX-RS runtime.
 */
import { matchesPidRoute } from './pid.js';

export type Route =
  | { kind: 'app-root' } //                 /fedora            → redirect to /fedora/
  | { kind: 'index' } //                    /fedora/
  | { kind: 'describe' } //                 /fedora/describe
  | { kind: 'search' } //                   /fedora/objects
  | { kind: 'next-pid' } //                 /fedora/objects/nextPID
  | { kind: 'new-object' } //               /fedora/objects/new
  | { kind: 'object'; pid: string } //      /fedora/objects/{pid}
  | { kind: 'datastreams'; pid: string } // /fedora/objects/{pid}/datastreams
  | { kind: 'datastream'; pid: string; dsID: string } // …/datastreams/{dsID}
  | { kind: 'content'; pid: string; dsID: string }; //   …/datastreams/{dsID}/content

export type RouteKind = Route['kind'];

const READ = ['GET', 'HEAD'];

export const ALLOWED_METHODS: Record<RouteKind, readonly string[]> = {
  'app-root': READ,
  index: READ,
  describe: [...READ, 'POST'],
  search: READ,
  'next-pid': ['POST'],
  'new-object': ['POST'],
  object: [...READ, 'POST', 'PUT', 'DELETE'],
  datastreams: READ,
  datastream: [...READ, 'POST', 'PUT', 'DELETE'],
  content: READ,
};

export const APP_CONTEXT = 'fedora';

/** Matches raw segments (from parseRequestTarget); the pid and dsID in the result are still encoded. */
export function matchRoute(segments: readonly string[]): Route | undefined {
  if (segments[0] !== APP_CONTEXT) return undefined;
  const rest = segments.slice(1);
  if (rest.length === 0) return { kind: 'app-root' };
  const [a, b, c, d, e, ...more] = rest;
  if (more.length > 0) return undefined;
  if (rest.length === 1) {
    if (a === '') return { kind: 'index' };
    if (a === 'describe') return { kind: 'describe' };
  }
  if (a !== 'objects') return undefined;
  if (b === undefined || (b === '' && rest.length === 2)) return { kind: 'search' };
  if (rest.length === 2 && b === 'nextPID') return { kind: 'next-pid' };
  if (rest.length === 2 && b === 'new') return { kind: 'new-object' };
  if (!matchesPidRoute(b)) return undefined;
  if (c === undefined) return { kind: 'object', pid: b };
  if (c !== 'datastreams') return undefined;
  if (d === undefined) return { kind: 'datastreams', pid: b };
  if (d === '') return rest.length === 4 ? { kind: 'datastreams', pid: b } : undefined;
  if (e === undefined) return { kind: 'datastream', pid: b, dsID: d };
  if (e === 'content') return { kind: 'content', pid: b, dsID: d };
  return undefined;
}
