/**
 * A single-range `Range: bytes=…` parser for content responses (RFC 9110 §14.1.2).
 *
 * - no header, another unit, a malformed value, or several ranges → `null`: serve the whole body (200);
 *   RFC 9110 lets a server ignore a Range it does not support.
 * - a syntactically valid range that selects nothing (first byte ≥ size, or a zero suffix) →
 *   `'unsatisfiable'`: answer 416 with `Content-Range: bytes *\/size`.
 * - otherwise the inclusive byte span, clamped to the body.
 */

export interface ByteSpan {
  start: number;
  /** Inclusive. */
  end: number;
}

export type RangeResult = ByteSpan | 'unsatisfiable' | null;

const SPEC = /^\s*(\d*)\s*-\s*(\d*)\s*$/;

export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined) return null;
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return null;
  const specs = header.slice(eq + 1).split(',');
  if (specs.length !== 1) return null;
  const m = SPEC.exec(specs[0] ?? '');
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const suffix = Number(b);
    if (!Number.isSafeInteger(suffix)) return null;
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  if (!Number.isSafeInteger(start)) return null;
  if (b !== '' && (!Number.isSafeInteger(Number(b)) || Number(b) < start)) return null; // invalid: ignore
  if (start >= size) return 'unsatisfiable';
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  return { start, end };
}

export function contentRange(span: ByteSpan, size: number): string {
  return `bytes ${span.start}-${span.end}/${size}`;
}
