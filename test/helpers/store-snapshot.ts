/**
 * What a reference server holds, read from outside through its own protocol (a bounded walk), as
 * one comparable string: for the fuzz tests' "a rejected request leaves the store unchanged".
 * Each entry is a path with what a client sees of it — its kind, content type, ETag and the SHA-256
 * of the body it answers — so a changed byte, a new or lost resource, or changed metadata shows.
 */
import { createHash } from 'node:crypto';

const MAX_ENTRIES = 2000;

const sha = (b: ArrayBuffer): string => createHash('sha256').update(Buffer.from(b)).digest('hex').slice(0, 16);

async function seen(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; etag: string; link: string; body: ArrayBuffer }> {
  const r = await fetch(url, { headers, redirect: 'manual' });
  return {
    status: r.status,
    type: r.headers.get('content-type') ?? '',
    etag: r.headers.get('etag') ?? '',
    link: r.headers.get('link') ?? '',
    body: await r.arrayBuffer(),
  };
}

/** http-put: GET of a collection lists its members (collections end in /), GET of a resource is its bytes. */
export async function httpPutSnapshot(base: string): Promise<string[]> {
  const out: string[] = [];
  const queue = ['/'];
  while (queue.length > 0 && out.length < MAX_ENTRIES) {
    const path = queue.shift() as string;
    const r = await seen(`${base}${path}`);
    const text = Buffer.from(r.body).toString('utf8');
    if (path.endsWith('/')) {
      out.push(`${path} collection ${r.status}`);
      if (r.status === 200)
        for (const m of text.split('\n').filter((l) => l !== ''))
          queue.push(`${path}${encodeURIComponent(m.replace(/\/$/, ''))}${m.endsWith('/') ? '/' : ''}`);
    } else out.push(`${path} ${r.status} ${sha(r.body)}`);
  }
  return out.sort();
}

/** ldp: containers listed by their `ldp:contains` (Turtle), every member with its type, ETag and body. */
export async function ldpSnapshot(root: string): Promise<string[]> {
  const out: string[] = [];
  const origin = new URL(root).origin;
  const queue = [new URL(root).pathname];
  const visited = new Set<string>();
  while (queue.length > 0 && out.length < MAX_ENTRIES) {
    const path = queue.shift() as string;
    if (visited.has(path)) continue;
    visited.add(path);
    let r = await seen(`${origin}${path}`, {
      accept: 'text/turtle',
      prefer: 'return=representation; include="http://www.w3.org/ns/ldp#PreferContainment"',
    });
    const container = /ldp#(Basic|Direct|Indirect)?Container/.test(r.link) && !/NonRDFSource/.test(r.link);
    // a binary answers Turtle with 406: its own bytes are what it holds
    if (!container && r.status === 406) r = await seen(`${origin}${path}`);
    out.push(`${path} ${r.status} ${container ? 'container' : r.type} ${r.etag} ${sha(r.body)}`);
    if (!container || r.status !== 200) continue;
    const turtle = Buffer.from(r.body).toString('utf8');
    for (const m of turtle.matchAll(
      /(?:ldp:contains|<http:\/\/www\.w3\.org\/ns\/ldp#contains>)\s+((?:<[^>]*>\s*,?\s*)+)/g,
    )) {
      for (const iri of (m[1] ?? '').matchAll(/<([^>]*)>/g))
        queue.push(new URL(iri[1] ?? '', `${origin}${path}`).pathname);
    }
  }
  return out.sort();
}

/** fedora3: every object found by findObjects, with its profile, its datastream list and each datastream's profile and content. */
export async function fedora3Snapshot(base: string): Promise<string[]> {
  const out: string[] = [];
  const found = await seen(`${base}/objects?terms=*&pid=true&resultFormat=xml&maxResults=${MAX_ENTRIES}`);
  const pids = [
    ...Buffer.from(found.body)
      .toString('utf8')
      .matchAll(/<pid>([^<]*)<\/pid>/g),
  ].map((m) => m[1] ?? '');
  out.push(`search ${found.status} ${pids.length}`);
  for (const pid of pids) {
    const p = encodeURIComponent(pid);
    const profile = await seen(`${base}/objects/${p}?format=xml`);
    const list = await seen(`${base}/objects/${p}/datastreams?format=xml`);
    out.push(`${pid} ${profile.status} ${sha(profile.body)} ${list.status} ${sha(list.body)}`);
    for (const m of Buffer.from(list.body)
      .toString('utf8')
      .matchAll(/dsid="([^"]*)"/gi)) {
      const ds = encodeURIComponent(m[1] ?? '');
      const dsProfile = await seen(`${base}/objects/${p}/datastreams/${ds}?format=xml`);
      const content = await seen(`${base}/objects/${p}/datastreams/${ds}/content`);
      out.push(`${pid}/${m[1]} ${dsProfile.status} ${sha(dsProfile.body)} ${content.status} ${sha(content.body)}`);
    }
  }
  return out;
}
