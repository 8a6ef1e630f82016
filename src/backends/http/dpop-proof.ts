/**
 * DPoP proofs (RFC 9449) for a DPoP-bound access token, as Solid-OIDC requires: one small JWT per
 * request, signed with the key the token is bound to, naming the request's method (`htm`) and URL
 * without query or fragment (`htu`), a fresh `jti`, the time (`iat`) and the token's hash (`ath`).
 * Signed here with node:crypto, synchronously: a proof is made for every request of a fill, and
 * the login library builds its own only inside its fetch, which the tool's HTTP clients do not use.
 */
import { createHash, randomUUID, sign, type KeyObject } from 'node:crypto';

/** The key a login bound its token to: the private key, and the public half as the JWK the proof carries. */
export interface DpopKey {
  privateKey: KeyObject;
  publicJwk: Readonly<Record<string, unknown>>;
}

const b64url = (b: Buffer | string): string => Buffer.from(b).toString('base64url');

/** The `ath` claim: the base64url SHA-256 of the access token. */
export function accessTokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest('base64url');
}

/** The proof's `htu`: the URL without query and fragment. */
export function proofUrl(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/**
 * Checks that the key is one this module signs with (ES256: an EC P-256 key), once per login,
 * so that a library that changed its key type fails the login clearly instead of every request.
 */
export function checkDpopKey(key: DpopKey): void {
  const { kty, crv } = key.publicJwk;
  if (kty !== 'EC' || crv !== 'P-256' || key.privateKey.asymmetricKeyType !== 'ec')
    throw new Error(`the DPoP key is ${String(kty)} ${String(crv)}, not an EC P-256 key (ES256)`);
}

/** The proof header's fixed part for a key: made once per login, then reused by every proof. */
export function proofHeader(key: DpopKey): string {
  const { kty, crv, x, y } = key.publicJwk;
  return b64url(JSON.stringify({ alg: 'ES256', typ: 'dpop+jwt', jwk: { kty, crv, x, y } }));
}

/** One proof for one request: `header.payload.signature`, the signature in JOSE's raw r||s form. */
export function dpopProof(
  key: DpopKey,
  header: string,
  req: { method: string; url: string; ath: string; nowMs: number },
): string {
  const payload = b64url(
    JSON.stringify({
      htu: proofUrl(req.url),
      htm: req.method,
      jti: randomUUID(),
      iat: Math.floor(req.nowMs / 1000),
      ath: req.ath,
    }),
  );
  const input = `${header}.${payload}`;
  const signature = sign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}
