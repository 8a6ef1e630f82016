/**
 * The flags of a sharded `run` (docs/scale-out.md): `--shard i/n` or `auto/n` (i from
 * JOB_COMPLETION_INDEX, as a Kubernetes Indexed Job sets it), `--run-id` shared by every shard, and
 * `--start-at` (an ISO time the first batch waits for, at most a day ahead).
 */
import { UsageError } from '../errors.js';
import type { ShardSettings, ShardSpec } from '../shard/index.js';

export interface ShardFlags {
  shard?: string;
  runId?: string;
  startAt?: string;
}

export type { ShardSettings };

/** Shards in one run at most (each its own process and database). */
export const MAX_SHARDS = 10_000;
const MAX_WAIT_MS = 24 * 3_600_000;
const RUN_ID = /^[a-z0-9][a-z0-9-]{5,39}$/;

function shardIndex(text: string, count: number, from: string): number {
  if (!/^\d+$/.test(text) || Number(text) >= count) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${from} "${text}" is not a shard index from 0 to ${count - 1}`,
      from === 'JOB_COMPLETION_INDEX'
        ? 'run under a Kubernetes Indexed Job (it sets JOB_COMPLETION_INDEX), or give --shard i/n with i itself'
        : 'e.g. --shard 0/4 … --shard 3/4',
    );
  }
  return Number(text);
}

export function parseShardSpec(value: string, env: NodeJS.ProcessEnv = process.env): ShardSpec {
  const m = /^(auto|\d+)\/(\d+)$/.exec(value.trim());
  const count = m ? Number(m[2]) : NaN;
  if (!m || !(count >= 1 && count <= MAX_SHARDS)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--shard "${value}" is not i/n or auto/n with n from 1 to ${MAX_SHARDS}`,
      'e.g. --shard 2/4 (the third of four shards), or --shard auto/4 under a Kubernetes Indexed Job',
    );
  }
  if (m[1] === 'auto') {
    const raw = env.JOB_COMPLETION_INDEX;
    if (raw === undefined || raw === '') {
      throw new UsageError(
        'E_BAD_FLAG',
        `--shard ${value}: JOB_COMPLETION_INDEX is not set`,
        'auto takes the index from a Kubernetes Indexed Job (completionMode: Indexed); elsewhere give --shard i/n',
      );
    }
    return { index: shardIndex(raw.trim(), count, 'JOB_COMPLETION_INDEX'), count };
  }
  return { index: shardIndex(m[1] as string, count, '--shard'), count };
}

export function parseStartAt(value: string, nowMs: number): number {
  const ms = /^\d{4}-\d\d-\d\dT/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--start-at "${value}" is not an ISO time`,
      'e.g. --start-at 2026-12-03T17:00:00Z (every shard the same, a little after they are all scheduled)',
    );
  }
  if (ms - nowMs > MAX_WAIT_MS) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--start-at ${value} is more than a day ahead`,
      'give a time within the next 24 hours',
    );
  }
  return ms;
}

/** The shard settings, or null for an unsharded run (which takes neither --run-id nor --start-at). */
export function parseShardFlags(
  f: ShardFlags,
  nowMs: number,
  env: NodeJS.ProcessEnv = process.env,
): ShardSettings | null {
  if (f.shard === undefined) {
    const stray = f.runId !== undefined ? '--run-id' : f.startAt !== undefined ? '--start-at' : null;
    if (stray)
      throw new UsageError(
        'E_FLAG_NOT_TAKEN',
        `${stray} is taken only with --shard`,
        `add --shard i/n, or drop ${stray}`,
      );
    return null;
  }
  const spec = parseShardSpec(f.shard, env);
  if (f.runId === undefined) {
    throw new UsageError(
      'E_BAD_FLAG',
      '--shard needs --run-id: every shard of a run must share one id',
      'e.g. --run-id fill-2026-12-03 (the same for all shards; object ids start with its first 6 characters)',
    );
  }
  if (!RUN_ID.test(f.runId)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--run-id "${f.runId}" is not 6 to 40 lowercase letters, digits and "-" (starting with a letter or digit)`,
      'e.g. --run-id fill-20261203',
    );
  }
  const startAtMs = f.startAt === undefined ? null : parseStartAt(f.startAt, nowMs);
  return { spec, runId: f.runId, startAtMs, startAt: f.startAt ?? null };
}
