/**
 * The `leveldb` backend module: the embedded default, a LevelDB store in a data directory of this
 * process. Its only options are where the data lives and whether the default directory is kept;
 * prepareRun owns that directory's life, so both reach the backend as the context's dataDir.
 */
import { existsSync } from 'node:fs';
import type { BackendModule } from '../backend-module.js';
import { DATA_OPTION, KEEP_DATA_OPTION } from '../data-options.js';
import type { LevelDbOptions } from './leveldb-backend.js';

export const leveldb: BackendModule<LevelDbOptions> = {
  name: 'leveldb',
  description: 'embedded LevelDB object store in this process (the default; needs no server)',
  options: [DATA_OPTION, KEEP_DATA_OPTION],
  fromFlags: (_flags, ctx) => ({ dataDir: ctx.dataDir }),
  fromRecorded: (run) =>
    existsSync(run.target)
      ? { options: { dataDir: run.target } }
      : {
          gone: `the embedded store ${run.target} no longer exists (removed after the run unless --keep-data or --data)`,
        },
  async create(options) {
    const { LevelDbBackend } = await import('./leveldb-backend.js');
    return new LevelDbBackend(options);
  },
};
