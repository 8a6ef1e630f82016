/**
 * `run`'s flags resolved and validated once into RunOptions (src/engine/run-options.ts), in the
 * order a user's mistakes are reported: everything typed is checked before anything is opened or
 * written. A resumed run keeps its recorded settings (its error budget, limit and timeouts).
 */
import { backendModule, refuseForeignFlags } from '../backends/index.js';
import { EARLY_STOP_MIN_PLANNED } from './early-stop-default.js';
import {
  checkDatastreamSizes,
  DEFAULT_MAX_DATASTREAM_BYTES,
  type ResumedRun,
  type RunOptions,
} from '../engine/index.js';
import { parseBytes, plannedBatches, readWorkloadFile, resolveWorkload } from '../workload/index.js';
import { parseMinDetectable } from './gate-flags.js';
import { parseDuration } from './parse-duration.js';
import { parseIntFlag, parseMaxGrowth, parseNumberFlag } from './parse-flags.js';
import { parseProbeFlags } from './probe-cli.js';
import { parseTagFlags } from './tag-flags.js';
import type { RunTags } from '../model/run-tags.js';
import type { RunFlags } from './run-action.js';
import { workloadFromFlags } from './workload-options.js';

type EnvSecrets = { password?: string; token?: string; clientId?: string; clientSecret?: string };

/** The secrets of the HTTP backends, only ever from the environment (flags show in the process list). */
export function secretsFromEnv(env: NodeJS.ProcessEnv = process.env): EnvSecrets {
  const named: [keyof EnvSecrets, string][] = [
    ['password', 'INGEST_SCALE_PASSWORD'],
    ['token', 'INGEST_SCALE_TOKEN'],
    ['clientId', 'INGEST_SCALE_CLIENT_ID'],
    ['clientSecret', 'INGEST_SCALE_CLIENT_SECRET'],
  ];
  const out: EnvSecrets = {};
  for (const [key, name] of named) if (env[name]) out[key] = env[name];
  return out;
}

/** The gates and timeouts: a resumed run's recorded ones, else the flags'. */
function gateSettings(f: RunFlags, resume: ResumedRun | null) {
  const s = resume?.run.settings;
  const maxGrowth = s?.maxGrowth ?? parseMaxGrowth(f.maxGrowth);
  const minDetectable = resume
    ? (s?.minDetectable ?? undefined)
    : f.minDetectable === undefined
      ? undefined
      : parseMinDetectable(f.minDetectable);
  const stopGraceMs = parseDuration(f.stopGrace ?? '10s', '--stop-grace', { maxMs: 3_600_000 });
  const requestMs =
    s?.requestTimeoutMs ??
    parseDuration(f.requestTimeout ?? '60s', '--request-timeout', { minMs: 1, maxMs: 24 * 3_600_000 });
  const connectMs =
    s?.connectTimeoutMs ??
    parseDuration(f.connectTimeout ?? '10s', '--connect-timeout', { minMs: 1, maxMs: 3_600_000 });
  const retries = s?.retries ?? parseIntFlag(f.retries ?? '2', '--retries', 0, 20);
  const maxDatastreamBytes =
    f.maxDatastreamSize === undefined
      ? DEFAULT_MAX_DATASTREAM_BYTES
      : parseBytes(f.maxDatastreamSize, '--max-datastream-size');
  const maxErrorRate =
    s?.maxErrorRate ??
    parseNumberFlag(
      f.maxErrorRate,
      '--max-error-rate',
      (n) => n >= 0 && n <= 1,
      'give a fraction from 0 to 1, e.g. --max-error-rate 0.01',
    );
  return { maxGrowth, minDetectable, stopGraceMs, requestMs, connectMs, retries, maxDatastreamBytes, maxErrorRate };
}

/** Every flag of `run` checked and resolved (a UsageError, exit 2, names the first one wrong). */
export function resolveRunOptions(
  f: RunFlags,
  resume: ResumedRun | null,
  o: { backendDefaulted?: boolean } = {},
): RunOptions {
  // a resumed run's backend is its own (a typed --backend must name it)
  const backend = resume?.run.backend ?? f.backend;
  const g = gateSettings(f, resume);
  const probes = parseProbeFlags(f);
  const fromFile = f.workload === undefined ? undefined : readWorkloadFile(f.workload);
  const workload = resume ? resume.workload : resolveWorkload(fromFile, workloadFromFlags(f));
  checkDatastreamSizes(workload, g.maxDatastreamBytes);
  backendModule(backend);
  refuseForeignFlags(backend, f as unknown as Record<string, unknown>, o.backendDefaulted === true && !resume);
  const timeouts = { requestMs: g.requestMs, connectMs: g.connectMs };
  return {
    backend,
    workload,
    db: f.db,
    ...(f.label === undefined ? {} : { label: f.label }),
    // a resumed run keeps the tags it was started with
    ...tagsOf(f, resume),
    maxGrowth: g.maxGrowth,
    ...(g.minDetectable === undefined ? {} : { minDetectable: g.minDetectable }),
    maxErrorRate: g.maxErrorRate,
    retries: g.retries,
    timeouts,
    stopGraceMs: g.stopGraceMs,
    stopEarly: f.stopEarly ?? plannedBatches(workload) >= EARLY_STOP_MIN_PLANNED,
    ...(probes ? { probes } : {}),
    ...(f.data === undefined ? {} : { dataDir: f.data }),
    keepData: f.keepData === true,
    ignoreFreeSpace: f.ignoreFreeSpace === true || resume !== null,
    clientWarmup: f.clientWarmup === true,
    sinkWarmup: f.sinkWarmup !== false,
    target: { flags: f as unknown as Record<string, unknown>, ...secretsFromEnv(), timeouts },
    resume,
  };
}

/** --tag of a fresh run (checked even for a resumed one); a resumed run keeps its own tags. */
function tagsOf(f: RunFlags, resume: ResumedRun | null): { tags?: RunTags } {
  const given = parseTagFlags(f.tag);
  const tags = resume ? (resume.run.tags ?? {}) : given;
  return Object.keys(tags).length > 0 ? { tags } : {};
}
