/** `run --probe KINDS [--probe-sample K] [--probe-stop-above DURATION]`, checked before anything is opened. */
import { UsageError } from '../errors.js';
import { parseProbeKinds } from '../engine/probes/probe-kinds.js';
import { DEFAULT_PROBE_SAMPLE, type ProbeOptions } from '../engine/probes/probe-runner.js';
import { parseIntFlag } from './parse-flags.js';
import { parseDuration } from './parse-duration.js';

export interface ProbeFlags {
  probe?: string;
  probeSample?: string;
  probeStopAbove?: string;
}

export function parseProbeFlags(f: ProbeFlags): ProbeOptions | undefined {
  if (f.probe === undefined) {
    const stray = f.probeSample !== undefined ? '--probe-sample' : f.probeStopAbove !== undefined ? '--probe-stop-above' : null;
    if (stray) throw new UsageError('E_FLAG_CONFLICT', `${stray} needs --probe`, `add --probe KINDS (e.g. --probe get,list or --probe all), or drop ${stray}`);
    return undefined;
  }
  const kinds = parseProbeKinds(f.probe);
  const sample = f.probeSample === undefined ? DEFAULT_PROBE_SAMPLE : parseIntFlag(f.probeSample, '--probe-sample', 2, 10_000);
  const stopAboveMs = f.probeStopAbove === undefined ? undefined : parseDuration(f.probeStopAbove, '--probe-stop-above', { minMs: 1 });
  return { kinds, sample, ...(stopAboveMs === undefined ? {} : { stopAboveMs }) };
}
