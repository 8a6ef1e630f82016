/** HTTP Basic authentication for reference servers (RFC 7617), compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';

export interface BasicCredentials {
  user: string;
  password: string;
}

/** Parses `Authorization: Basic base64(user:password)`; anything else (or garbage) → undefined. */
export function parseBasicAuth(header: string | undefined): BasicCredentials | undefined {
  if (header === undefined) return undefined;
  const m = /^\s*basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header);
  if (!m || m[1] === undefined) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

/** True when the header carries exactly the expected user and password. */
export function checkBasicAuth(header: string | undefined, expected: BasicCredentials): boolean {
  const got = parseBasicAuth(header);
  if (got === undefined) return false;
  const userOk = timingSafeEqual(digest(got.user), digest(expected.user));
  const passOk = timingSafeEqual(digest(got.password), digest(expected.password));
  return userOk && passOk;
}
