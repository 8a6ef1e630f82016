/**
 * ListObjectsV2, page by page: the request (pages of up to 1,000 keys, a continuation token from the
 * second page on) and the reading of a page (keys unescaped, the next token only when the page says
 * it is truncated). Used by `clean` (s3-clean.ts), the list probe (s3-probes.ts) and `merge --from`
 * (src/shard/s3-shard-files.ts).
 */
import { EMPTY_SHA256, type S3Client } from './s3-client.js';

export interface ListPage {
  keys: string[];
  /** The continuation token of the next page; null on the last page. */
  next: string | null;
  httpStatus: number;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text with its five named entities and numeric references resolved. */
export const unescapeXml = (s: string): string =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
    e.startsWith('#x')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (XML_ENTITIES[e] ?? ''),
  );

/** One ListObjectsV2 answer's keys, and the token of the next page (null on the last). */
export function parseListPage(xml: string): { keys: string[]; next: string | null } {
  const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1] ?? ''));
  const truncated = /<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml);
  const token = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { keys, next: truncated && token ? unescapeXml(token) : null };
}

/** One page of keys under `prefix` (`max` keys at most), after `token` when given. */
export async function listPage(s3: S3Client, prefix: string, token: string | null, max = 1000): Promise<ListPage> {
  const q = `list-type=2&max-keys=${max}&prefix=${encodeURIComponent(prefix)}${token === null ? '' : `&continuation-token=${encodeURIComponent(token)}`}`;
  const r = await s3.send({
    method: 'GET',
    key: '',
    query: q,
    payloadHash: EMPTY_SHA256,
    what: `ListObjectsV2 ${prefix}`,
  });
  return { ...parseListPage(r.res.text), httpStatus: r.res.status };
}

/** Every key under `prefix`, page after page, reading at most `maxPages` pages (`complete` false when more were left). */
export async function listAllKeys(
  s3: S3Client,
  prefix: string,
  maxPages: number,
): Promise<{ keys: string[]; complete: boolean }> {
  const keys: string[] = [];
  let token: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const p = await listPage(s3, prefix, token);
    keys.push(...p.keys);
    if (p.next === null) return { keys, complete: true };
    token = p.next;
  }
  return { keys, complete: false };
}
