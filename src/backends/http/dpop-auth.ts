/**
 * The credentials of a Solid-OIDC login, per request: `Authorization: DPoP <token>` and a fresh
 * DPoP proof for the request's method and URL. The token of a client-credentials login cannot be
 * refreshed (the issuer gives no refresh token), so the client logs in again before it expires:
 * once most of its lifetime has passed, a new login starts in the background while requests go
 * on with the old token, still valid; only a request at the very end of the old token's life
 * waits for the new one. A renewal that fails is tried again a little later; once the old token
 * has expired with no new one, requests fail with E_LOGIN, naming the issuer's answer.
 *
 * Expiry is a date (the issuer's `expires_in` from the wall clock), so it is read from `Date`.
 */
import { OpError } from '../op-timer.js';
import { accessTokenHash, checkDpopKey, dpopProof, proofHeader } from './dpop-proof.js';
import type { RequestAuth } from './http-target.js';
import type { Grant } from './solid-oidc-login.js';
import type { SentAuth } from './target-errors.js';

/** A renewal begins this long before expiry: a quarter of the token's lifetime, at most a minute. */
const RENEW_BEFORE_MAX_MS = 60_000;
/** Requests wait for the new token this long before the old one expires: an eighth of its lifetime, at most 2 s. */
const WAIT_BEFORE_MAX_MS = 2_000;

interface Current extends Grant {
  header: string;
  ath: string;
  renewAtMs: number;
  waitAtMs: number;
}

export class DpopAuth implements RequestAuth {
  readonly sent: SentAuth;
  /** Logins done so far (the first included). */
  logins = 0;
  private current!: Current;
  private renewing: Promise<void> | null = null;
  private failure: string | null = null;

  private constructor(
    private readonly login: () => Promise<Grant>,
    issuer: string,
    private readonly now: () => number,
  ) {
    this.sent = { kind: 'dpop', issuer };
  }

  /** Logs in (a refused login throws its typed error) and returns the credentials source. */
  static async start(login: () => Promise<Grant>, issuer: string, now: () => number = Date.now): Promise<DpopAuth> {
    const auth = new DpopAuth(login, issuer, now);
    auth.take(await login());
    return auth;
  }

  private take(g: Grant): void {
    checkDpopKey(g.key);
    const at = this.now();
    const life = g.expiresAtMs === null ? Infinity : Math.max(0, g.expiresAtMs - at);
    this.current = {
      ...g,
      header: proofHeader(g.key),
      ath: accessTokenHash(g.accessToken),
      renewAtMs: at + life - Math.min(RENEW_BEFORE_MAX_MS, life / 4),
      waitAtMs: at + life - Math.min(WAIT_BEFORE_MAX_MS, life / 8),
    };
    this.logins += 1;
    this.failure = null;
  }

  /** A new login; never rejects: a failure is kept (for E_LOGIN) and the next try put off a little. */
  private renew(): Promise<void> {
    this.renewing ??= this.login()
      .then(
        (g) => this.take(g),
        (e: unknown) => {
          this.failure = e instanceof Error ? e.message : String(e);
          const c = this.current;
          c.renewAtMs = Math.min(this.now() + Math.max(1, (c.waitAtMs - c.renewAtMs) / 2), c.waitAtMs);
        },
      )
      .finally(() => {
        this.renewing = null;
      });
    return this.renewing;
  }

  async headers(method: string, url: string): Promise<Record<string, string>> {
    let now = this.now();
    if (now >= this.current.renewAtMs) {
      const renewal = this.renew();
      if (now >= this.current.waitAtMs) {
        await renewal;
        now = this.now();
        const expires = this.current.expiresAtMs;
        if (this.failure !== null && expires !== null && now >= expires)
          throw new OpError('E_LOGIN', `the Solid-OIDC token expired and the login again failed: ${this.failure}`);
      }
    }
    const c = this.current;
    return {
      authorization: `DPoP ${c.accessToken}`,
      dpop: dpopProof(c.key, c.header, { method, url, ath: c.ath, nowMs: now }),
    };
  }
}
