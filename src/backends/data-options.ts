/**
 * The options of the backends that write into a directory of this machine (the embedded LevelDB
 * store, an OCFL storage root), stated once: where the data lives and whether the default
 * directory is kept. prepareRun owns that directory's life; it reaches the backend as the
 * context's dataDir.
 */
import type { BackendOptionSpec } from './backend-module.js';

export const DATA_OPTION: BackendOptionSpec = {
  flag: '--data',
  value: '<dir>',
  help: 'directory of a local store (the LevelDB store, the OCFL storage root), kept after the run (default: reports/data/<run id>, removed after the run)',
};

export const KEEP_DATA_OPTION: BackendOptionSpec = {
  flag: '--keep-data',
  help: 'keep the default data directory after the run',
};
