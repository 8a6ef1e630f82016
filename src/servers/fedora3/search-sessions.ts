/**
 * findObjects list sessions (docs/protocols.md §1.5): a search with more results than maxResults gets a
 * token; `sessionToken=` resumes it at the next cursor. Kept in memory like Fedora's, at most
 * MAX_SESSIONS (the oldest are dropped first) and each for SESSION_TTL_MS after its last use. Expiry
 * is checked on use: no timers.
 */
import { randomBytes } from 'node:crypto';
import type { Condition } from './search-query.js';

export const SESSION_TTL_MS = 5 * 60 * 1000;
const MAX_SESSIONS = 1000;

export interface SearchSpec {
  fields: string[];
  maxResults: number;
  terms: string | undefined;
  conditions: Condition[];
}

export interface SearchSession {
  token: string;
  spec: SearchSpec;
  /** Index of the first result of the next page. */
  cursor: number;
  expiresMs: number;
}

export class SearchSessions {
  private readonly sessions = new Map<string, SearchSession>();

  open(spec: SearchSpec, cursor: number, nowMs: number): SearchSession {
    this.prune(nowMs);
    while (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
    const s: SearchSession = {
      token: randomBytes(16).toString('hex'),
      spec,
      cursor,
      expiresMs: nowMs + SESSION_TTL_MS,
    };
    this.sessions.set(s.token, s);
    return s;
  }

  /** The live session for a token, or undefined when it expired or never existed. */
  get(token: string, nowMs: number): SearchSession | undefined {
    const s = this.sessions.get(token);
    if (s === undefined) return undefined;
    if (s.expiresMs <= nowMs) {
      this.sessions.delete(token);
      return undefined;
    }
    return s;
  }

  /** Moves a resumed session on to its next page (or ends it when nothing remains). */
  advance(s: SearchSession, cursor: number, more: boolean, nowMs: number): void {
    if (!more) {
      this.sessions.delete(s.token);
      return;
    }
    s.cursor = cursor;
    s.expiresMs = nowMs + SESSION_TTL_MS;
    this.sessions.delete(s.token); // re-insert: keeps Map order = least recently used first
    this.sessions.set(s.token, s);
  }

  private prune(nowMs: number): void {
    for (const [token, s] of this.sessions) if (s.expiresMs <= nowMs) this.sessions.delete(token);
  }
}
