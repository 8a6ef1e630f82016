/**
 * Fedora 3 checksum types and comparison (docs/protocols.md §1.3 "Checksums", §5 item 7).
 *
 * - Types are matched case-insensitively (Datastream.validateChecksumType). DEFAULT means the server
 *   default, DISABLED (autoChecksum=false). HAVAL, TIGER and WHIRLPOOL are known names the JVM has no
 *   digest for ("Checksum algorithm not yet implemented") and anything else is unknown: both → 500.
 * - A checksum is compared only when BOTH checksum and checksumType were given, case-sensitively,
 *   against lower-case hex; a mismatch → 500 "Checksum Mismatch: <computed>".
 */
import { createHash } from 'node:crypto';
import { serverError } from '../common/http-error.js';

export const DISABLED = 'DISABLED';
export const CHECKSUM_NONE = 'none';

const NODE_ALGORITHM: Record<string, string> = {
  MD5: 'md5',
  'SHA-1': 'sha1',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};
const UNIMPLEMENTED = ['HAVAL', 'TIGER', 'WHIRLPOOL'];

/** The canonical type for a checksumType parameter; `fallback` when the parameter is absent. */
export function resolveChecksumType(param: string | null, fallback: string): string {
  if (param === null) return fallback;
  const upper = param.toUpperCase();
  if (upper === 'DEFAULT') return DISABLED;
  if (upper === DISABLED) return DISABLED;
  if (NODE_ALGORITHM[upper] !== undefined) return upper;
  if (UNIMPLEMENTED.includes(upper)) throw serverError(`Checksum algorithm not yet implemented: ${upper}`);
  throw serverError(`Unknown checksum algorithm specified: ${param}`);
}

/** Node's hash name for a canonical type; undefined for DISABLED. */
export function nodeAlgorithm(type: string): string | undefined {
  return NODE_ALGORITHM[type];
}

/** The value Fedora stores: lower-case hex, or `none` when checksums are disabled. */
export function storedChecksum(type: string, digests: ReadonlyMap<string, string>): string {
  const algo = nodeAlgorithm(type);
  return algo === undefined ? CHECKSUM_NONE : (digests.get(algo) ?? CHECKSUM_NONE);
}

/** Throws the 500 Fedora sends when a given checksum does not match the computed one. */
export function verifyChecksum(given: string | null, typeParam: string | null, computed: string): void {
  if (given === null || typeParam === null) return;
  if (given !== computed) throw serverError(`Checksum Mismatch: ${computed}`);
}

/**
 * The content ETag (Datastream.defaultETag): the checksum when there is one, otherwise the MD5 of
 * pid, dsID, versionID and the version's create time in milliseconds. Sent unquoted.
 */
export function contentEtag(pid: string, dsID: string, versionId: string, createdMs: number, checksum: string): string {
  if (checksum !== CHECKSUM_NONE && checksum !== '') return checksum;
  return createHash('md5').update(`${pid}${dsID}${versionId}${createdMs}`, 'utf8').digest('hex');
}
