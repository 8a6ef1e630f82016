/**
 * Byte sizes ("512", "100KB", "100KiB", "4MiB") and size distributions
 * ("uniform:1KiB-1MiB", "lognormal:MEDIAN:SIGMA"). Parsing is strict: a bad value
 * throws a UsageError naming what was wrong; formatting round-trips exactly.
 */
import { UsageError } from '../errors.js';

export type SizeSpec =
  | { kind: 'fixed'; bytes: number }
  | { kind: 'uniform'; min: number; max: number }
  | { kind: 'lognormal'; median: number; sigma: number; min: number; max: number };

/** Largest single datastream we accept (1 TiB); anything above is surely a typo. */
export const MAX_SIZE = 2 ** 40;

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
  k: 2 ** 10,
  m: 2 ** 20,
  g: 2 ** 30,
};

const SIZE_RE = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i;

/** Parses one byte size. Decimal units (KB = 1000) and binary units (KiB = 1024); K/M/G alone are binary. */
export function parseBytes(text: string, what = 'size'): number {
  const m = SIZE_RE.exec(text.trim());
  if (!m) throw badSize(text, what);
  const unit = (m[2] ?? '').toLowerCase();
  const mult = unit === '' ? 1 : Object.hasOwn(UNITS, unit) ? UNITS[unit] : undefined;
  if (mult === undefined) throw badSize(text, what);
  // exact decimal arithmetic: "2.01KB" is 2010 bytes, not 2009.9999999999998
  const [whole = '', frac = ''] = (m[1] ?? '').split('.');
  const scaled = BigInt(whole + frac) * BigInt(mult);
  const divisor = 10n ** BigInt(frac.length);
  if (scaled % divisor !== 0n) {
    throw new UsageError('E_BAD_SIZE', `${what} "${text}" is not a whole number of bytes`, 'write e.g. 1536 or 1.5KiB');
  }
  const bytes = Number(scaled / divisor);
  if (bytes > MAX_SIZE) {
    throw new UsageError('E_BAD_SIZE', `${what} "${text}" is larger than 1TiB`, 'use a smaller size');
  }
  return bytes;
}

function badSize(text: string, what: string): UsageError {
  return new UsageError(
    'E_BAD_SIZE',
    `${what} "${text}" is not a size`,
    'write bytes (512), decimal units (100KB, 4MB) or binary units (100KiB, 4MiB)',
  );
}

/** Formats bytes in the largest binary unit that divides them exactly ("100KiB"), else decimal, else plain bytes. */
export function formatBytes(bytes: number): string {
  for (const [unit, mult] of [
    ['TiB', 2 ** 40],
    ['GiB', 2 ** 30],
    ['MiB', 2 ** 20],
    ['KiB', 2 ** 10],
  ] as const) {
    if (bytes >= mult && bytes % mult === 0) return `${bytes / mult}${unit}`;
  }
  for (const [unit, mult] of [
    ['TB', 1e12],
    ['GB', 1e9],
    ['MB', 1e6],
    ['KB', 1e3],
  ] as const) {
    if (bytes >= mult && bytes % mult === 0) return `${bytes / mult}${unit}`;
  }
  return String(bytes);
}

/** Human-readable approximation for reports ("97.7 KiB"). */
export function humanBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} B` : `${v.toFixed(v >= 100 ? 0 : 1)} ${units[i]}`;
}

/** Parses a size specification: a fixed size or a distribution. */
export function parseSizeSpec(text: string, what = 'size'): SizeSpec {
  const t = text.trim();
  const lower = t.toLowerCase();
  if (lower.startsWith('uniform:')) {
    const range = t.slice('uniform:'.length).split('-');
    if (range.length !== 2) {
      throw new UsageError(
        'E_BAD_SIZE',
        `${what} "${text}" is not a uniform range`,
        'write uniform:MIN-MAX, e.g. uniform:1KiB-1MiB',
      );
    }
    const min = parseBytes(range[0] ?? '', what);
    const max = parseBytes(range[1] ?? '', what);
    if (min > max) {
      throw new UsageError(
        'E_BAD_SIZE',
        `${what} "${text}" has MIN above MAX`,
        'write uniform:MIN-MAX with MIN <= MAX',
      );
    }
    return { kind: 'uniform', min, max };
  }
  if (lower.startsWith('lognormal:')) {
    const parts = t.slice('lognormal:'.length).split(':');
    const sigmaText = (parts[1] ?? '').trim();
    const sigma = Number(sigmaText);
    if (parts.length !== 2 || sigmaText === '' || !(sigma >= 0) || sigma > 5) {
      throw new UsageError(
        'E_BAD_SIZE',
        `${what} "${text}" is not a lognormal size`,
        'write lognormal:MEDIAN:SIGMA, e.g. lognormal:64KiB:1 (0 <= SIGMA <= 5)',
      );
    }
    const median = parseBytes(parts[0] ?? '', what);
    if (median < 1)
      throw new UsageError('E_BAD_SIZE', `${what} "${text}" has a zero median`, 'use a median of at least 1 byte');
    return lognormal(median, sigma);
  }
  return { kind: 'fixed', bytes: parseBytes(t, what) };
}

/** Lognormal sizes are clamped to median·e^(±3σ) (99.7% of the mass) and to [1 B, 1 TiB]. */
export function lognormal(median: number, sigma: number): SizeSpec {
  const spread = Math.exp(3 * sigma);
  return {
    kind: 'lognormal',
    median,
    sigma,
    min: Math.max(1, Math.floor(median / spread)),
    max: Math.min(MAX_SIZE, Math.ceil(median * spread)),
  };
}

export function formatSizeSpec(spec: SizeSpec): string {
  switch (spec.kind) {
    case 'fixed':
      return formatBytes(spec.bytes);
    case 'uniform':
      return `uniform:${formatBytes(spec.min)}-${formatBytes(spec.max)}`;
    case 'lognormal':
      return `lognormal:${formatBytes(spec.median)}:${spec.sigma}`;
  }
}

/** Mean size of a spec, for planning (progress ETA, totals). */
export function meanSize(spec: SizeSpec): number {
  switch (spec.kind) {
    case 'fixed':
      return spec.bytes;
    case 'uniform':
      return (spec.min + spec.max) / 2;
    case 'lognormal':
      return Math.min(spec.max, spec.median * Math.exp((spec.sigma * spec.sigma) / 2));
  }
}
