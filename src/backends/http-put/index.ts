/**
 * The `http-put` backend module: plain HTTP PUT per datastream (WebDAV servers). A run's paths
 * live under its run collection; whether it made collections with MKCOL is recorded with the run
 * (runs from before --collections made none, and PUT straight to each path).
 */
import { flagValue, type BackendModule } from '../backend-module.js';
import { cleanContext, HTTP_OPTIONS, httpTarget, recordedString, requireUrl } from '../server-options.js';
import type { CollectionsMode } from './dav-collections.js';
import type { HttpPutOptions } from './http-put-backend.js';

const COLLECTIONS = {
  flag: '--collections',
  value: '<mode>',
  help: "http-put: make the run's collection, each layout level and each object's collection with WebDAV MKCOL first (mkcol: Apache mod_dav, rclone), or PUT straight to each path (none: servers that make paths themselves)",
  default: 'mkcol',
  choices: ['mkcol', 'none'],
};

export const httpPut: BackendModule<HttpPutOptions> = {
  name: 'http-put',
  description:
    'plain HTTP PUT per datastream (--url http://HOST:PORT/dav, --collections mkcol|none): WebDAV servers such as Apache mod_dav, rclone, nginx dav_methods',
  options: [...HTTP_OPTIONS, COLLECTIONS],
  fromFlags: (flags, ctx) => ({
    ...httpTarget(requireUrl(flags, 'http-put'), flags, ctx),
    runId: ctx.runId,
    workload: ctx.workload,
    collections: flagValue(flags, COLLECTIONS) as CollectionsMode,
    purpose: 'run',
  }),
  fromRecorded: (run, access) => ({
    options: {
      ...httpTarget(run.target, access.flags, cleanContext(run, access)),
      runId: run.id,
      workload: run.workload,
      collections: recordedString(run, 'collections') === 'mkcol' ? 'mkcol' : 'none',
      // a resume makes its collections again (MKCOL of an existing one is 405, taken as made)
      purpose: access.purpose ?? 'clean',
    },
  }),
  async create(options) {
    const { HttpPutBackend } = await import('./http-put-backend.js');
    return new HttpPutBackend(options);
  },
};
