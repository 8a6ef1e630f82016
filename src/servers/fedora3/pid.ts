/**
 * Fedora 3 identifiers (docs/protocols.md §1.1, §5 item 1).
 *
 * Two gates, as in Fedora: the raw URL segment must match the route regex (BaseRestResource
 * VALID_PID_PART) or no resource matches → 404; the decoded path parameter must then be a valid PID
 * (PID.java grammar, at most 64 characters after normalisation) or the object is invalid → 400.
 */

/** VALID_PID_PART, matched against the still-encoded path segment. */
const ROUTE_PID = /^([A-Za-z0-9]|-|\.)+(:|%3A|%3a)(([A-Za-z0-9])|-|\.|~|_|(%[0-9A-F]{2}))+$/;

export const MAX_PID_LENGTH = 64;
export const MAX_DSID_LENGTH = 64;
export const MAX_LABEL_LENGTH = 255;
export const RESERVED_DSIDS: readonly string[] = ['AUDIT', 'FEDORA-AUDITTRAIL'];

export function matchesPidRoute(rawSegment: string): boolean {
  return ROUTE_PID.test(rawSegment);
}

export type Checked = { ok: true; value: string } | { ok: false; reason: string };

const NAMESPACE = /^[A-Za-z0-9.-]+$/;

export function isValidNamespace(ns: string): boolean {
  return NAMESPACE.test(ns) && ns.length < MAX_PID_LENGTH;
}

/**
 * PID.normalize: `ns:id` or `ns%3Aid`; the namespace in [A-Za-z0-9.-]+, the object id in
 * [A-Za-z0-9.~_-] or %XX escapes, whose hex digits are upper-cased; at most 64 characters.
 */
export function normalizePid(candidate: string): Checked {
  const m = /^([^:%]*)(?::|%3[Aa])(.*)$/s.exec(candidate);
  if (!m || m[1] === undefined || m[2] === undefined)
    return { ok: false, reason: `PID "${candidate}" has no namespace delimiter` };
  const [, ns, id] = m;
  if (!NAMESPACE.test(ns)) return { ok: false, reason: `PID namespace "${ns}" must be one or more of [A-Za-z0-9.-]` };
  if (id === '') return { ok: false, reason: 'PID object id must not be empty' };
  let out = '';
  for (let i = 0; i < id.length; i++) {
    const c = id[i] ?? '';
    if (/[A-Za-z0-9.~_-]/.test(c)) {
      out += c;
    } else if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(id.slice(i + 1, i + 3))) {
      out += `%${id.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else {
      return { ok: false, reason: `PID object id contains an invalid character "${c}"` };
    }
  }
  const pid = `${ns}:${out}`;
  if (pid.length > MAX_PID_LENGTH)
    return { ok: false, reason: `PID "${pid}" is longer than ${MAX_PID_LENGTH} characters` };
  return { ok: true, value: pid };
}

/** DefaultManagement / ValidationConstants rules for a datastream ID (violations are 500s). */
export function checkDsId(dsID: string): Checked {
  if (dsID.length === 0) return { ok: false, reason: 'Datastream ID must not be empty' };
  if (dsID.length > MAX_DSID_LENGTH)
    return { ok: false, reason: `Datastream ID is too long: it may be at most ${MAX_DSID_LENGTH} characters` };
  if (/[+: ]/.test(dsID)) return { ok: false, reason: `Datastream ID "${dsID}" must not contain '+', ':' or a space` };
  // Not in Fedora's explicit list, but FOXML (an XML attribute) cannot carry them either.
  if (/[\u0000-\u001F\u007F]/.test(dsID))
    return { ok: false, reason: 'Datastream ID must not contain control characters' };
  if (RESERVED_DSIDS.includes(dsID)) return { ok: false, reason: `Datastream ID "${dsID}" is reserved` };
  return { ok: true, value: dsID };
}
