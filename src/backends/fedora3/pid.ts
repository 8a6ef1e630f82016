/**
 * Fedora 3 PIDs (docs/protocols.md §1.1): `namespace:id`, namespace of [A-Za-z0-9.-], id of
 * [A-Za-z0-9.~_-] or %XX escapes, at most 64 characters in all.
 */
import { UsageError } from '../../errors.js';

export const PID_MAX = 64;
const NAMESPACE_RE = /^[A-Za-z0-9.-]+$/;
const OBJECT_ID_RE = /^(?:[A-Za-z0-9.~_-]|%[0-9A-F]{2})+$/;

export function validateNamespace(ns: string): string {
  if (!NAMESPACE_RE.test(ns) || ns.length > PID_MAX - 2) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--pid-namespace "${ns}" is not a valid Fedora 3 PID namespace`,
      'use letters, digits, "." and "-" only, e.g. --pid-namespace bench',
    );
  }
  return ns;
}

/** The PID of an object id under a namespace; throws when the result breaks the grammar. */
export function toPid(namespace: string, objectId: string): string {
  const pid = `${namespace}:${objectId}`;
  if (!OBJECT_ID_RE.test(objectId) || pid.length > PID_MAX) {
    throw new UsageError(
      'E_BAD_FLAG',
      `PID "${pid}" is not valid in Fedora 3 (at most ${PID_MAX} characters of [A-Za-z0-9.~_-])`,
      'use a shorter --pid-namespace',
    );
  }
  return pid;
}
