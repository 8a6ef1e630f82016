/**
 * The `fedora3` backend module: Fedora 3 REST API-M. Its objects' PIDs are `NAMESPACE:<run tag>-<i>`;
 * the namespace is recorded with the run (preflight details), so `clean` finds the same PIDs.
 */
import type { BackendModule } from '../backend-module.js';
import { flagValue } from '../backend-module.js';
import { cleanContext, HTTP_OPTIONS, httpTarget, recordedString, requireUrl } from '../server-options.js';
import type { Fedora3Options } from './fedora3-backend.js';

const PID_NAMESPACE = {
  flag: '--pid-namespace',
  value: '<ns>',
  help: 'Fedora 3 PID namespace of the objects',
  default: 'bench',
};

export const fedora3: BackendModule<Fedora3Options> = {
  name: 'fedora3',
  description:
    'Fedora 3.x REST API (--url http://HOST:8080/fedora): create object, add managed datastreams with SHA-256 checks',
  options: [...HTTP_OPTIONS, PID_NAMESPACE],
  fromFlags: (flags, ctx) => ({
    ...httpTarget(requireUrl(flags, 'fedora3'), flags, ctx),
    pidNamespace: flagValue(flags, PID_NAMESPACE) ?? 'bench',
  }),
  fromRecorded: (run, access) => ({
    options: {
      ...httpTarget(run.target, access.flags, cleanContext(run, access)),
      pidNamespace: recordedString(run, 'pidNamespace') ?? PID_NAMESPACE.default,
    },
  }),
  async create(options) {
    const { Fedora3Backend } = await import('./fedora3-backend.js');
    return new Fedora3Backend(options);
  },
};
