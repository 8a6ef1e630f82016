/**
 * The Solid-OIDC client-credentials login, done by the maintained library
 * (@inrupt/solid-client-authn-node, loaded only when a login is asked for): a Session logs in with
 * the client id and secret at the issuer, asking for a DPoP-bound token, and hands over the token,
 * the key it is bound to and when it expires. Each call is a whole new login (a new key): the
 * library renews nothing for client credentials (the issuer gives no refresh token), so the caller
 * logs in again before the token expires (dpop-auth.ts).
 *
 * A refused login is the typed auth error (exit 4) naming the issuer's answer (`invalid_client`);
 * an issuer that cannot be reached is the target error. No message carries the secret.
 */
import { KeyObject, type webcrypto } from 'node:crypto';
import type { SessionTokenSet } from '@inrupt/solid-client-authn-node';
import { RunFailedError } from '../../errors.js';
import type { DpopKey } from './dpop-proof.js';

/** What a client-credentials login needs: the issuer (--oidc-issuer) and the credentials (environment only). */
export interface SolidOidcClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** One login's outcome: the access token, the key it is bound to, and when it expires (epoch ms; null: never said). */
export interface Grant {
  accessToken: string;
  key: DpopKey;
  expiresAtMs: number | null;
}

const CREDENTIALS_HINT =
  'check INGEST_SCALE_CLIENT_ID and INGEST_SCALE_CLIENT_SECRET: they must be client credentials made at this issuer ' +
  '(on Community Solid Server: the account page, or its account API, "client credentials"; docs/backends.md, "Solid-OIDC login")';

/** A login function for the client: each call logs in anew and resolves to its grant. */
export function solidOidcLogin(c: SolidOidcClient): () => Promise<Grant> {
  return async () => {
    const { Session, EVENTS } = await import('@inrupt/solid-client-authn-node');
    const session = new Session();
    let tokens: SessionTokenSet | undefined;
    // the library arms a timer for the token's expiry (its "session expired" event), which would keep
    // the process alive after the run; the expiry is tracked by the caller instead
    session.events.on(EVENTS.TIMEOUT_SET, (t: unknown) => clearTimeout(t as NodeJS.Timeout));
    session.events.on(EVENTS.NEW_TOKENS, (t: SessionTokenSet) => {
      tokens = t;
    });
    try {
      await session.login({
        clientId: c.clientId,
        clientSecret: c.clientSecret,
        oidcIssuer: c.issuer,
        tokenType: 'DPoP',
      });
    } catch (e) {
      throw loginError(e, c);
    }
    return grantOf(tokens, c);
  };
}

function grantOf(t: SessionTokenSet | undefined, c: SolidOidcClient): Grant {
  const privateKey = t?.dpopKey?.privateKey;
  if (t?.accessToken === undefined || privateKey === undefined) {
    throw new RunFailedError('E_AUTH', `Solid-OIDC login at ${c.issuer} gave no DPoP-bound access token`, {
      hint: 'check --oidc-issuer: it must be a Solid-OIDC issuer that supports DPoP (e.g. Community Solid Server)',
    });
  }
  const key = privateKey instanceof KeyObject ? privateKey : KeyObject.from(privateKey as webcrypto.CryptoKey);
  return {
    accessToken: t.accessToken,
    key: { privateKey: key, publicJwk: { ...t.dpopKey?.publicKey } },
    expiresAtMs: typeof t.expiresAt === 'number' ? t.expiresAt : null,
  };
}

const NETWORK_CODES = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE)$/;

/** The error code of a network failure anywhere in the cause chain, or undefined. */
function networkCode(e: unknown): string | undefined {
  for (let x = e, depth = 0; x !== undefined && x !== null && depth < 5; depth++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.test(code)) return code;
    x = (x as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The login's failure as the typed error: the issuer's answer (OAuth `error` and its description), or unreachable. */
export function loginError(e: unknown, c: SolidOidcClient): RunFailedError {
  const scrub = (s: string): string => (c.clientSecret === '' ? s : s.split(c.clientSecret).join('…'));
  const o = e as { error?: unknown; error_description?: unknown; message?: unknown };
  // an OAuth error code (`invalid_client`): the token endpoint's answer; other texts are the client's own
  if (typeof o.error === 'string' && /^[a-z_]+$/.test(o.error)) {
    const said = typeof o.error_description === 'string' ? `${o.error} (${o.error_description})` : o.error;
    return new RunFailedError('E_AUTH', scrub(`${c.issuer} refused the Solid-OIDC login: ${said}`), {
      hint: CREDENTIALS_HINT,
    });
  }
  const message = scrub(typeof o.message === 'string' ? o.message : String(e));
  const code = networkCode(e);
  if (code !== undefined) {
    return new RunFailedError('E_TARGET', `cannot reach the Solid-OIDC issuer ${c.issuer} (${code}: ${message})`, {
      hint: 'check --oidc-issuer and that the identity provider is running',
    });
  }
  return new RunFailedError('E_AUTH', `Solid-OIDC login at ${c.issuer} failed: ${message}`, {
    hint: 'check --oidc-issuer: it must be the Solid-OIDC issuer (its /.well-known/openid-configuration answers)',
  });
}
