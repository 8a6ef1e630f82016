/**
 * The `ocfl` backend module: an OCFL 1.1 storage root in a directory of this machine (--data),
 * the layer Fedora 6 keeps its objects in. --layout picks the storage-layout extension (flat: 0002
 * flat-direct; pairtree and fanout: 0004 hashed n-tuple). prepareRun owns the directory's life, as
 * for the embedded store: the default one goes after the run unless --keep-data.
 */
import { existsSync } from 'node:fs';
import type { BackendModule } from '../backend-module.js';
import { DATA_OPTION, KEEP_DATA_OPTION } from '../data-options.js';
import type { OcflOptions } from './ocfl-backend.js';

export const ocfl: BackendModule<OcflOptions> = {
  name: 'ocfl',
  description:
    'OCFL 1.1 storage root on this machine (--data; the layer under Fedora 6): an object per workload object, SHA-512 inventories, --layout flat → 0002 flat-direct, pairtree/fanout → 0004 hashed n-tuple',
  options: [DATA_OPTION, KEEP_DATA_OPTION],
  fromFlags: (_flags, ctx) => ({ root: ctx.dataDir, layout: ctx.workload.layout, create: ctx.purpose === 'run' }),
  fromRecorded: (run) =>
    existsSync(run.target)
      ? { options: { root: run.target, layout: run.workload.layout, create: false } }
      : {
          gone: `the OCFL storage root ${run.target} no longer exists (removed after the run unless --keep-data or --data)`,
        },
  async create(options) {
    const { OcflBackend } = await import('./ocfl-backend.js');
    return new OcflBackend(options);
  },
};
