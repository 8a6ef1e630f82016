/**
 * The `ocfl` backend module: an OCFL 1.1 storage root in a directory of this machine (--data),
 * the layer Fedora 6 keeps its objects in. --layout picks the storage-layout extension (flat: 0002
 * flat-direct; pairtree and fanout: 0004 hashed n-tuple). prepareRun owns the directory's life, as
 * for the embedded store: the default one goes after the run unless --keep-data.
 */
import { existsSync } from 'node:fs';
import { UsageError } from '../../errors.js';
import { flagValue, type BackendModule, type TargetContext } from '../backend-module.js';
import { DATA_OPTION, KEEP_DATA_OPTION } from '../data-options.js';
import type { OcflOptions } from './ocfl-backend.js';

const VERSIONS = {
  flag: '--versions',
  value: '<K>',
  help: 'ocfl: versions per object: after version 1, K-1 more in the same batch, each a new version of one datastream (the first versioned one, else the first), each timed as an add-datastream',
  default: '1',
};

/** --versions as a number; more than one cannot go with reading objects back at their first version. */
function versionsOf(flags: Readonly<Record<string, unknown>>, ctx: TargetContext): number {
  const text = flagValue(flags, VERSIONS) ?? '1';
  const k = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(k >= 1 && k <= 10_000))
    throw new UsageError(
      'E_BAD_FLAG',
      `--versions "${text}" is not a whole number from 1 to 10000`,
      'give --versions K, e.g. --versions 50',
    );
  const probes = flags.probe;
  if (k > 1 && (ctx.workload.verify === 'readback' || (probes !== undefined && probes !== false)))
    throw new UsageError(
      'E_FLAG_CONFLICT',
      `--versions ${k} cannot go with ${ctx.workload.verify === 'readback' ? '--verify readback' : '--probe'}: they read objects as first made, and each object ends at version ${k}`,
      'drop --versions to verify or probe, or drop those to measure versions',
    );
  return k;
}

export const ocfl: BackendModule<OcflOptions> = {
  name: 'ocfl',
  description:
    'OCFL 1.1 storage root on this machine (--data; the layer under Fedora 6): an object per workload object, SHA-512 inventories, --layout flat → 0002 flat-direct, pairtree/fanout → 0004 hashed n-tuple',
  options: [DATA_OPTION, KEEP_DATA_OPTION, VERSIONS],
  fromFlags: (flags, ctx) => ({
    root: ctx.dataDir,
    layout: ctx.workload.layout,
    create: ctx.purpose === 'run',
    versions: versionsOf(flags, ctx),
  }),
  fromRecorded: (run) =>
    existsSync(run.target)
      ? {
          options: {
            root: run.target,
            layout: run.workload.layout,
            create: false,
            versions: Number(run.targetInfo?.details?.versions ?? 1),
          },
        }
      : {
          gone: `the OCFL storage root ${run.target} no longer exists (removed after the run unless --keep-data or --data)`,
        },
  async create(options) {
    const { OcflBackend } = await import('./ocfl-backend.js');
    return new OcflBackend(options);
  },
};
