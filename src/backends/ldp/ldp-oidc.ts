/**
 * The Solid-OIDC login of the ldp backend: `--oidc-issuer URL` with the client credentials from
 * INGEST_SCALE_CLIENT_ID and INGEST_SCALE_CLIENT_SECRET (the environment only: flags show in the
 * process list). Checked with the other flags (exit 2, naming what is missing); the login itself
 * happens when the backend is created, before its preflight, and its credentials then go with
 * every request (DPoP-bound token, a proof per request, renewed before it expires).
 */
import { UsageError } from '../../errors.js';
import { flagValue, type BackendOptionSpec, type TargetContext } from '../backend-module.js';
import type { RequestAuth } from '../http/http-target.js';
import type { SolidOidcClient } from '../http/solid-oidc-login.js';

export const OIDC_ISSUER: BackendOptionSpec = {
  flag: '--oidc-issuer',
  value: '<url>',
  help: 'LDP (--flavor solid): log in with Solid-OIDC client credentials at this issuer before the preflight, DPoP-bound token renewed before it expires; the client id and secret are read from the INGEST_SCALE_CLIENT_ID and INGEST_SCALE_CLIENT_SECRET environment variables',
  commands: ['run', 'clean'],
};

const CREDENTIALS = 'INGEST_SCALE_CLIENT_ID and INGEST_SCALE_CLIENT_SECRET';

/**
 * The login a run (or a clean) asks for: --oidc-issuer, else the issuer the run recorded (a clean
 * or resume logs in as the run did). Undefined when there is none.
 */
export function oidcClientOf(
  flags: Readonly<Record<string, unknown>>,
  ctx: Pick<TargetContext, 'clientId' | 'clientSecret' | 'token'>,
  o: { flavor: string; user: string | undefined; recordedIssuer?: string | undefined },
): SolidOidcClient | undefined {
  const issuer = flagValue(flags, OIDC_ISSUER) ?? o.recordedIssuer;
  if (issuer === undefined) return undefined;
  checkIssuerUrl(issuer);
  if (o.flavor !== 'solid') {
    throw new UsageError(
      'E_BAD_FLAG',
      `--oidc-issuer: a Solid-OIDC login is for Solid servers, not --flavor ${o.flavor}`,
      'use --flavor solid, or drop --oidc-issuer',
    );
  }
  for (const [value, name] of [
    [ctx.clientId, 'INGEST_SCALE_CLIENT_ID'],
    [ctx.clientSecret, 'INGEST_SCALE_CLIENT_SECRET'],
  ] as const) {
    if (value === undefined)
      throw new UsageError(
        'E_BAD_FLAG',
        `--oidc-issuer ${issuer} needs ${name}`,
        `set ${CREDENTIALS} to the client credentials made at the issuer (environment only, never a flag: flags show in the process list)`,
      );
  }
  if (o.user !== undefined || ctx.token !== undefined) {
    throw new UsageError(
      'E_FLAG_CONFLICT',
      `--oidc-issuer and ${o.user === undefined ? 'INGEST_SCALE_TOKEN' : `--user ${o.user}`} are both given`,
      'choose one way to log in: the Solid-OIDC login (--oidc-issuer), Basic auth (--user) or a bearer token (INGEST_SCALE_TOKEN)',
    );
  }
  return { issuer, clientId: ctx.clientId as string, clientSecret: ctx.clientSecret as string };
}

/** An http(s) URL without credentials (this file stays light: the module's index imports it for --help). */
function checkIssuerUrl(raw: string): void {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new UsageError(
      'E_BAD_FLAG',
      `--oidc-issuer "${url === undefined ? raw : url.origin}" is not an http(s) URL without credentials`,
      'give the issuer the server names in its /.well-known/openid-configuration, e.g. --oidc-issuer http://localhost:3000/',
    );
}

/** Logs in (a refused login is exit 4 with the issuer's answer) and returns the per-request credentials. */
export async function oidcLogin(client: SolidOidcClient): Promise<RequestAuth> {
  const [{ DpopAuth }, { solidOidcLogin }] = await Promise.all([
    import('../http/dpop-auth.js'),
    import('../http/solid-oidc-login.js'),
  ]);
  return DpopAuth.start(solidOidcLogin(client), client.issuer);
}
