/** What a LevelDB-backed reference server says on stderr once it listens. */
import type { ServeCommon } from './serve-protocol.js';

export function listeningLine(name: string, url: string, c: ServeCommon, detail = ''): string {
  return `${name} reference server${detail} listening on ${url} (data: ${c.dataDir}${c.auth.user ? `; user ${c.auth.user} required` : ''}); Ctrl-C to stop`;
}
