/**
 * Which backend takes which flag, derived from the backend modules' option lists. A backend flag
 * given with a backend that does not take it is refused (exit 2) naming the flag and the backends
 * that do take it — forgetting `--backend fedora3` must not benchmark the embedded LevelDB store
 * and pass; `clean` of an S3 run must not silently ignore --purge-tombstones. Imports only the
 * registry, which loads no backend: the CLI checks before any backend is loaded.
 */
import { UsageError } from '../errors.js';
import { optionKey, type OptionCommand } from './backend-module.js';
import type { BackendName } from './backend-names.js';
import { BACKEND_MODULES } from './registry.js';

export interface BackendFlag {
  /** The flag as typed. */
  flag: string;
  /** Its key in the parsed flags (commander's camelCase). */
  key: string;
  /** The backends that take it, in the order of BACKEND_NAMES. */
  backends: readonly BackendName[];
  /** What to do instead, for a backend that does not take it. */
  instead?: Partial<Record<BackendName, string>>;
}

/** The table of one command's backend flags, in the order the modules list them. */
export function backendFlags(command: OptionCommand): BackendFlag[] {
  const table = new Map<string, BackendFlag & { backends: BackendName[] }>();
  for (const m of BACKEND_MODULES) {
    for (const o of m.options) {
      if (!(o.commands ?? ['run']).includes(command)) continue;
      const row = table.get(o.flag) ?? { flag: o.flag, key: optionKey(o.flag), backends: [] };
      row.backends.push(m.name);
      table.set(o.flag, row);
    }
  }
  for (const m of BACKEND_MODULES) {
    for (const [flag, hint] of Object.entries(m.instead ?? {})) {
      const row = table.get(flag);
      if (row) row.instead = { ...row.instead, [m.name]: hint };
    }
  }
  return [...table.values()];
}

/** The backend flags of `run`. */
export const BACKEND_FLAGS: readonly BackendFlag[] = backendFlags('run');
const CLEAN_FLAGS: readonly BackendFlag[] = backendFlags('clean');

function foreignFlag(
  table: readonly BackendFlag[],
  backend: string,
  given: Readonly<Record<string, unknown>>,
): BackendFlag | undefined {
  return table.find((f) => {
    const value = given[f.key];
    return value !== undefined && value !== false && !(f.backends as readonly string[]).includes(backend);
  });
}

/**
 * Throws the usage error for the first backend flag in `given` (parsed flags; absent ones are
 * undefined) that `backend` does not take. `defaulted`: --backend was not typed (leveldb by default).
 */
export function refuseForeignFlags(backend: string, given: Readonly<Record<string, unknown>>, defaulted = false): void {
  const f = foreignFlag(BACKEND_FLAGS, backend, given);
  if (f === undefined) return;
  const which = `--backend ${backend}${defaulted ? ' (the default)' : ''}`;
  const [first, ...others] = f.backends;
  const hint =
    f.instead?.[backend as BackendName] ??
    `add --backend ${first}${others.length > 0 ? ` (or ${others.join(', ')})` : ''}, or drop ${f.flag}`;
  throw new UsageError(
    'E_FLAG_NOT_TAKEN',
    `${f.flag} is not taken by ${which}; it is for ${f.backends.join(', ')}`,
    hint,
  );
}

/** The same for `clean RUN`: a flag the run's backend does not take is refused, naming the run's backend. */
export function refuseForeignCleanFlags(
  runId: string,
  backend: string,
  given: Readonly<Record<string, unknown>>,
): void {
  const f = foreignFlag(CLEAN_FLAGS, backend, given);
  if (f === undefined) return;
  throw new UsageError(
    'E_FLAG_NOT_TAKEN',
    `${f.flag} is not taken by run ${runId}'s backend ${backend}; it is for ${f.backends.join(', ')}`,
    f.instead?.[backend as BackendName] ?? `drop ${f.flag}: run ${runId} stored its objects with --backend ${backend}`,
  );
}
