/**
 * The Solid-OIDC credentials per request, without a server: a DPoP proof verifies against the key it
 * carries and names the request; the token is renewed in the background once three quarters of its
 * life have passed, requests wait only at its very end, and an expired token with a failed renewal is
 * E_LOGIN. The flags are checked before any login (exit 2 naming what is missing), and a refused
 * login is exit 4 naming the issuer's answer, never the secret.
 */
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { test } from 'node:test';
import { IngestScaleError, RunFailedError, UsageError } from '../../src/errors.js';
import { DpopAuth } from '../../src/backends/http/dpop-auth.js';
import { accessTokenHash, dpopProof, proofHeader, type DpopKey } from '../../src/backends/http/dpop-proof.js';
import { loginError, type Grant } from '../../src/backends/http/solid-oidc-login.js';
import { oidcClientOf } from '../../src/backends/ldp/ldp-oidc.js';
import { OpError } from '../../src/backends/op-timer.js';

function newKey(): DpopKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, publicJwk: { ...publicKey.export({ format: 'jwk' }), alg: 'ES256' } };
}

const part = (jwt: string, i: number): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[i] ?? '', 'base64url').toString()) as Record<string, unknown>;

test('a DPoP proof is an ES256 JWT over its key, naming method, URL without query, time and token hash', () => {
  const key = newKey();
  const proof = dpopProof(key, proofHeader(key), {
    method: 'PUT',
    url: 'http://localhost:3000/pod/a/b?x=1',
    ath: accessTokenHash('tok'),
    nowMs: 1_700_000_000_500,
  });
  const header = part(proof, 0);
  const payload = part(proof, 1);
  assert.equal(header.typ, 'dpop+jwt');
  assert.equal(header.alg, 'ES256');
  assert.equal((header.jwk as { d?: string }).d, undefined, 'no private part in the proof');
  assert.deepEqual(
    { htm: payload.htm, htu: payload.htu, iat: payload.iat, ath: payload.ath },
    { htm: 'PUT', htu: 'http://localhost:3000/pod/a/b', iat: 1_700_000_000, ath: accessTokenHash('tok') },
  );
  const [h, p, s] = proof.split('.') as [string, string, string];
  const pub = createPublicKey({ key: header.jwk as never, format: 'jwk' });
  assert.ok(
    verify('sha256', Buffer.from(`${h}.${p}`), { key: pub, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url')),
  );
  const again = dpopProof(key, proofHeader(key), { method: 'PUT', url: 'http://x/', ath: 'a', nowMs: 0 });
  assert.notEqual(part(again, 1).jti, payload.jti, 'a fresh jti per proof');
});

/** A login that issues token-1, token-2, … each living `lifeMs` from the fake clock's now, or fails when told. */
function fakeIssuer(lifeMs: number) {
  const clock = { now: 0 };
  const state = { logins: 0, fail: false };
  const key = newKey();
  const login = async (): Promise<Grant> => {
    await Promise.resolve();
    if (state.fail) throw new Error('invalid_client');
    state.logins += 1;
    return { accessToken: `token-${state.logins}`, key, expiresAtMs: clock.now + lifeMs };
  };
  return { clock, state, login };
}

const tokenOf = (h: Record<string, string>): string | undefined => h.authorization?.replace('DPoP ', '');
const settle = () => new Promise((r) => setImmediate(r));

test('the token is renewed in the background after three quarters of its life; only its last eighth waits', async () => {
  const f = fakeIssuer(8_000);
  const auth = await DpopAuth.start(f.login, 'http://issuer/', () => f.clock.now);
  assert.equal(auth.sent.kind, 'dpop');
  f.clock.now = 5_900;
  assert.equal(tokenOf(await auth.headers('GET', 'http://h/')), 'token-1');
  assert.equal(f.state.logins, 1, 'no renewal before three quarters of the life');
  f.clock.now = 6_100;
  assert.equal(tokenOf(await auth.headers('GET', 'http://h/')), 'token-1', 'the old token goes on meanwhile');
  await settle();
  assert.equal(f.state.logins, 2, 'a renewal ran in the background');
  assert.equal(tokenOf(await auth.headers('GET', 'http://h/')), 'token-2');
  // token-2 expires at 14,100: a request in its last second waits for token-3
  f.clock.now = 13_500;
  assert.equal(tokenOf(await auth.headers('PUT', 'http://h/x')), 'token-3');
  assert.equal(auth.logins, 3);
});

test('a renewal that fails is tried again; an expired token with no new one is E_LOGIN', async () => {
  const f = fakeIssuer(8_000);
  const auth = await DpopAuth.start(f.login, 'http://issuer/', () => f.clock.now);
  f.state.fail = true;
  f.clock.now = 6_500;
  assert.equal(tokenOf(await auth.headers('GET', 'http://h/')), 'token-1', 'still valid: sent');
  await settle();
  f.clock.now = 8_000;
  await assert.rejects(auth.headers('GET', 'http://h/'), (e: unknown) => {
    assert.ok(e instanceof OpError);
    assert.equal(e.errorCode, 'E_LOGIN');
    assert.match(e.message, /invalid_client/);
    return true;
  });
  f.state.fail = false;
  assert.equal(tokenOf(await auth.headers('GET', 'http://h/')), 'token-2', 'the issuer back: a new login');
});

test('--oidc-issuer needs both variables, --flavor solid and no other credentials (exit 2)', () => {
  const flags = { oidcIssuer: 'http://localhost:3000/' };
  const solid = { flavor: 'solid', user: undefined };
  const usage = (fn: () => unknown, re: RegExp) =>
    assert.throws(fn, (e: unknown) => e instanceof UsageError && e.exitCode === 2 && re.test(e.message));
  usage(() => oidcClientOf(flags, { clientSecret: 's' }, solid), /needs INGEST_SCALE_CLIENT_ID/);
  usage(() => oidcClientOf(flags, { clientId: 'i' }, solid), /needs INGEST_SCALE_CLIENT_SECRET/);
  const both = { clientId: 'i', clientSecret: 's' };
  usage(() => oidcClientOf(flags, both, { flavor: 'fedora6', user: undefined }), /not --flavor fedora6/);
  usage(() => oidcClientOf(flags, both, { flavor: 'solid', user: 'u' }), /--oidc-issuer and --user u/);
  usage(() => oidcClientOf(flags, { ...both, token: 't' }, solid), /--oidc-issuer and INGEST_SCALE_TOKEN/);
  usage(() => oidcClientOf({ oidcIssuer: 'localhost:3000' }, both, solid), /--oidc-issuer/);
  assert.equal(oidcClientOf({}, both, solid), undefined, 'no issuer: no login');
  assert.deepEqual(oidcClientOf({}, both, { ...solid, recordedIssuer: 'http://i/' }), {
    issuer: 'http://i/',
    clientId: 'i',
    clientSecret: 's',
  });
});

test("a refused login is exit 4 naming the issuer's answer, never the secret", () => {
  const c = { issuer: 'http://localhost:3000/', clientId: 'id', clientSecret: 'sekrit-42' };
  const refused = loginError({ error: 'invalid_client', error_description: 'client authentication failed' }, c);
  assert.ok(refused instanceof RunFailedError);
  assert.equal(refused.exitCode, 4);
  assert.equal(refused.code, 'E_AUTH');
  assert.match(refused.message, /refused the Solid-OIDC login: invalid_client \(client authentication failed\)/);
  assert.match(refused.hint ?? '', /INGEST_SCALE_CLIENT_SECRET/);
  const unreachable = loginError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), c);
  assert.equal(unreachable.code, 'E_TARGET');
  const echoed = loginError(new Error('bad answer to sekrit-42'), c);
  assert.ok(echoed instanceof IngestScaleError);
  assert.doesNotMatch(echoed.message, /sekrit-42/);
});
