/**
 * Fixity headers as Fedora 6 reads them (docs/protocols.md §2.3, §5.13-15). `Digest` on PUT/POST of
 * a binary: comma-separated `alg=hexvalue` pairs, every one checked; tokens sha, sha-256/sha256,
 * sha-512/sha512, sha-512/256, md5, case-insensitive; sha1= and sha-1= are NOT accepted (6.x
 * getScheme ignores the alias list). Unsupported algorithm → 400, a pair without '=' → 400.
 * `Want-Digest` on GET/HEAD: `md5, sha;q=0.3`; q=0 excludes; nothing supported → 400.
 */
import { badRequest } from '../common/http-error.js';

export type DigestAlg = 'sha' | 'sha-256' | 'sha-512' | 'sha-512/256' | 'md5';

const NODE_HASH: Record<DigestAlg, string> = {
  sha: 'sha1',
  'sha-256': 'sha256',
  'sha-512': 'sha512',
  'sha-512/256': 'sha512-256',
  md5: 'md5',
};

const TOKENS: Record<string, DigestAlg> = {
  sha: 'sha',
  'sha-256': 'sha-256',
  sha256: 'sha-256',
  'sha-512': 'sha-512',
  sha512: 'sha-512',
  'sha-512/256': 'sha-512/256',
  'sha512/256': 'sha-512/256',
  md5: 'md5',
};

export function nodeHashName(alg: DigestAlg): string {
  return NODE_HASH[alg];
}

export function algorithmFromToken(token: string): DigestAlg | undefined {
  return TOKENS[token.trim().toLowerCase()];
}

export interface ExpectedDigest {
  alg: DigestAlg;
  /** Lower-case hex as sent (compared case-insensitively). */
  value: string;
}

/** Parses a Digest request header; absent or blank → []. Throws 400 for malformed or unsupported. */
export function parseDigestHeader(header: string | undefined): ExpectedDigest[] {
  if (header === undefined || header.trim() === '') return [];
  const out: ExpectedDigest[] = [];
  for (const raw of header.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) throw badRequest(`Bad Request: malformed Digest header: "${part}" is not alg=value`);
    const token = part.slice(0, eq).trim();
    const alg = algorithmFromToken(token);
    if (alg === undefined) throw badRequest(`Unsupported digest algorithm: ${token}`);
    out.push({
      alg,
      value: part
        .slice(eq + 1)
        .trim()
        .toLowerCase(),
    });
  }
  return out;
}

/**
 * Parses Want-Digest into the supported algorithms to answer, best q first. Absent → undefined.
 * Throws 400 when no listed algorithm with q > 0 is supported.
 */
export function parseWantDigest(header: string | undefined): DigestAlg[] | undefined {
  if (header === undefined) return undefined;
  const wanted: Array<{ alg: DigestAlg; q: number; i: number }> = [];
  header.split(',').forEach((raw, i) => {
    const [token = '', ...params] = raw.split(';');
    const alg = algorithmFromToken(token);
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m && m[1] !== undefined) q = Number(m[1]);
    }
    if (alg !== undefined && Number.isFinite(q) && q > 0 && !wanted.some((w) => w.alg === alg))
      wanted.push({ alg, q, i });
  });
  if (wanted.length === 0) throw badRequest(`Unsupported digest algorithm requested in Want-Digest: ${header}`);
  wanted.sort((a, b) => b.q - a.q || a.i - b.i);
  return wanted.map((w) => w.alg);
}
