/**
 * Which backend takes which flag of `run`, in one table beside the registry. A backend flag given
 * with a backend that does not take it is refused (exit 2) naming the flag and the backends that do
 * take it — forgetting `--backend fedora3` must not benchmark the embedded LevelDB store and pass.
 * Imports nothing heavy: the CLI checks before any backend is loaded.
 */
import { UsageError } from '../errors.js';
import type { BackendName } from './backend-names.js';

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

const SERVERS: readonly BackendName[] = ['fedora3', 'ldp', 'http-put', 's3'];
const BASIC_AUTH: readonly BackendName[] = ['fedora3', 'ldp', 'http-put'];

const s3 = (flag: string, key: string): BackendFlag => ({ flag, key, backends: ['s3'] });
const ldp = (flag: string, key: string): BackendFlag => ({ flag, key, backends: ['ldp'] });

export const BACKEND_FLAGS: readonly BackendFlag[] = [
  { flag: '--data', key: 'data', backends: ['leveldb'] },
  { flag: '--keep-data', key: 'keepData', backends: ['leveldb'] },
  { flag: '--url', key: 'url', backends: SERVERS },
  { flag: '--ca', key: 'ca', backends: SERVERS },
  { flag: '--user', key: 'user', backends: BASIC_AUTH, instead: { s3: 's3 signs with AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or --profile): drop --user' } },
  { flag: '--pid-namespace', key: 'pidNamespace', backends: ['fedora3'] },
  ldp('--flavor', 'flavor'),
  ldp('--create', 'create'),
  ldp('--tx', 'tx'),
  { flag: '--collections', key: 'collections', backends: ['http-put'] },
  s3('--bucket', 'bucket'),
  s3('--region', 'region'),
  s3('--path-style', 'pathStyle'),
  s3('--profile', 'profile'),
  s3('--unsigned-payload', 'unsignedPayload'),
  s3('--multipart-threshold', 'multipartThreshold'),
  s3('--part-size', 'partSize'),
  s3('--allow-small-parts', 'allowSmallParts'),
  s3('--create-bucket', 'createBucket'),
  s3('--allow-existing', 'allowExisting'),
];

/**
 * Throws the usage error for the first backend flag in `given` (parsed flags; absent ones are
 * undefined) that `backend` does not take. `defaulted`: --backend was not typed (leveldb by default).
 */
export function refuseForeignFlags(backend: string, given: Readonly<Record<string, unknown>>, defaulted = false): void {
  for (const f of BACKEND_FLAGS) {
    const value = given[f.key];
    if (value === undefined || value === false || (f.backends as readonly string[]).includes(backend)) continue;
    const which = `--backend ${backend}${defaulted ? ' (the default)' : ''}`;
    const [first, ...others] = f.backends;
    const hint = f.instead?.[backend as BackendName] ?? `add --backend ${first}${others.length > 0 ? ` (or ${others.join(', ')})` : ''}, or drop ${f.flag}`;
    throw new UsageError('E_FLAG_NOT_TAKEN', `${f.flag} is not taken by ${which}; it is for ${f.backends.join(', ')}`, hint);
  }
}
