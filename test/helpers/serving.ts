/**
 * What the WebDAV test peers (nginx, Apache, rclone) share: the shape a started peer has, and the
 * bounded readiness loop that waits until it answers HTTP.
 */

export interface DavPeer {
  /** Base URL of the WebDAV collection the tests write into, e.g. http://127.0.0.1:PORT/dav. */
  url: string;
  pid: number;
  /** What the server says it is, e.g. Apache/2.4.62 (Debian). */
  version: string;
  /** The directory on disk served at `url`: what a clean must leave as it found it. */
  root: string;
  stop(): Promise<void>;
}

/**
 * Polls `url` until it answers with any HTTP status (returning the Server header), the peer is
 * found dead (`dead()` returns why) or `limitMs` passes; throws with the reason.
 */
export async function waitServing(url: string, limitMs: number, dead: () => string | null): Promise<string | null> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const why = dead();
    if (why !== null) throw new Error(why);
    try {
      const r = await fetch(url, { method: 'OPTIONS' });
      await r.arrayBuffer();
      return r.headers.get('server');
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer within ${limitMs} ms`);
}

/** Whether a process with this PID is still there. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to a PID, then wait (bounded) until it has gone; SIGKILL if it outlives the limit. */
export async function stopPid(pid: number, limitMs = 10_000): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + limitMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}
