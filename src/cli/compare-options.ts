/**
 * `compare`'s flags resolved and validated once into CompareRunOptions (src/compare/compare-workload.ts),
 * in the order a user's mistakes are reported: everything typed is checked before anything is
 * opened or written.
 */
import { parsePhases, readTargetsFile, targetSecrets, type CompareRunOptions } from '../compare/index.js';
import { checkDatastreamSizes, DEFAULT_MAX_DATASTREAM_BYTES } from '../engine/index.js';
import { UsageError } from '../errors.js';
import { parseBytes, plannedBatches, readWorkloadFile, resolveWorkload } from '../workload/index.js';
import type { CompareFlags } from './compare-action.js';
import { parseDuration } from './parse-duration.js';
import { parseIntFlag, parseMaxGrowth, parseNumberFlag } from './parse-flags.js';
import { workloadFromFlags } from './workload-options.js';

/** The gates, retries, sample and timeouts of a compare. */
function compareGates(f: CompareFlags) {
  const maxGrowth = parseMaxGrowth(f.maxGrowth);
  const maxLevelChange =
    f.maxLevelChange === undefined
      ? undefined
      : parseNumberFlag(
          f.maxLevelChange,
          '--max-level-change',
          (n) => n > 0 && n < 100,
          'give a fraction above 0, e.g. --max-level-change 0.25 (fail above +25%)',
        );
  const maxErrorRate = parseNumberFlag(
    f.maxErrorRate,
    '--max-error-rate',
    (n) => n >= 0 && n <= 1,
    'give a fraction from 0 to 1, e.g. --max-error-rate 0.01',
  );
  const retries = parseIntFlag(f.retries ?? '2', '--retries', 0, 20);
  const sample = parseIntFlag(f.sample, '--sample', 2, 10_000);
  const requestMs = parseDuration(f.requestTimeout ?? '60s', '--request-timeout', { minMs: 1, maxMs: 24 * 3_600_000 });
  const connectMs = parseDuration(f.connectTimeout ?? '10s', '--connect-timeout', { minMs: 1, maxMs: 3_600_000 });
  const stopGraceMs = parseDuration(f.stopGrace ?? '10s', '--stop-grace', { maxMs: 3_600_000 });
  return { maxGrowth, maxLevelChange, maxErrorRate, retries, sample, timeouts: { requestMs, connectMs }, stopGraceMs };
}

/** Every flag of `compare` checked and resolved (a UsageError, exit 2, names the first one wrong). */
export function resolveCompareOptions(f: CompareFlags, env: NodeJS.ProcessEnv = process.env): CompareRunOptions {
  const targets = readTargetsFile(f.targets);
  for (const t of targets) targetSecrets(t, env);
  const phases = parsePhases(f.phases);
  const g = compareGates(f);
  const workload = resolveWorkload(
    f.workload === undefined ? undefined : readWorkloadFile(f.workload),
    workloadFromFlags(f),
  );
  checkDatastreamSizes(
    workload,
    f.maxDatastreamSize === undefined
      ? DEFAULT_MAX_DATASTREAM_BYTES
      : parseBytes(f.maxDatastreamSize, '--max-datastream-size'),
  );
  const planned = plannedBatches(workload);
  const warmupBatches = parseIntFlag(f.warmupBatches, '--warmup-batches', 0, 1_000_000);
  if (warmupBatches >= planned) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--warmup-batches ${warmupBatches} leaves none of the ${planned} batches to compare`,
      `give fewer warm-up batches, or more objects (-n) or smaller batches (--batch-size)`,
    );
  }
  return {
    targets,
    workload,
    phases,
    warmupBatches,
    sample: g.sample,
    maxGrowth: g.maxGrowth,
    ...(g.maxLevelChange === undefined ? {} : { maxLevelChange: g.maxLevelChange }),
    maxErrorRate: g.maxErrorRate,
    retries: g.retries,
    timeouts: g.timeouts,
    ...(f.label === undefined ? {} : { label: f.label }),
    env,
    db: f.db,
    stopGraceMs: g.stopGraceMs,
  };
}
