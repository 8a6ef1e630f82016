/**
 * What a backend is to the rest of the tool: one module per folder (`src/backends/<name>/index.ts`)
 * that names the backend, lists its command-line options as data (the CLI turns them into flags),
 * turns parsed flags — or a recorded run — into its typed options, and creates the backend.
 * A module's own file imports nothing heavy: `create` loads the backend's implementation (HTTP
 * clients, S3 signing, LevelDB) only when a command needs it, so `--help` stays fast.
 * The recipe for adding one is docs/adding-a-backend.md.
 */
import type { HttpTimeouts } from './http/http-target.js';
import type { Backend } from './backend.js';
import type { TargetInfo } from '../model/timings.js';
import type { BackendName } from './backend-names.js';
import type { Workload } from '../workload/index.js';

/** The commands whose flags a backend option is. */
export type OptionCommand = 'run' | 'clean';

/** One command-line option of a backend, as data. */
export interface BackendOptionSpec {
  /** The flag as typed, e.g. `--pid-namespace`. Its key in parsed flags is its camelCase (`pidNamespace`). */
  flag: string;
  /** The value's placeholder, e.g. `<ns>`; absent for a switch. */
  value?: string;
  help: string;
  /** The default, stated only here: the help text shows it and `flagValue` applies it. */
  default?: string;
  choices?: readonly string[];
  /** The commands that take it (default: run only). */
  commands?: readonly OptionCommand[];
}

/** What every backend is given besides its own flags (run id, workload, secrets from the environment). */
export interface TargetContext {
  runId: string;
  workload: Workload;
  /** Objects in flight: HTTP backends size their connection pools to it. */
  concurrency: number;
  /** The data directory of an embedded store (given by --data, or the run's default). */
  dataDir: string;
  /**
   * `clean` reopens an existing run's target instead of preparing a new one; `resume` reopens it to
   * write on (`run --resume`: what the run made before its first batch exists already).
   */
  purpose: 'run' | 'clean' | 'resume';
  /**
   * A shard of a run that several processes fill together (run --shard): the run's container or
   * bucket may exist already (a sibling made it: success), and an existing one is never refused or wiped.
   */
  shared?: boolean;
  /** INGEST_SCALE_PASSWORD (used only with --user). */
  password?: string;
  /** INGEST_SCALE_TOKEN, for the HTTP backends that send Authorization. */
  token?: string;
  /** INGEST_SCALE_CLIENT_ID and INGEST_SCALE_CLIENT_SECRET: client credentials for a Solid-OIDC login (ldp --oidc-issuer). */
  clientId?: string;
  clientSecret?: string;
  /** --request-timeout and --connect-timeout of the HTTP backends. */
  timeouts?: HttpTimeouts;
}

/** What `run` gives prepareRun for its backend: the parsed flags (each module reads its own) and the secrets. */
export type RunTarget = Partial<
  Pick<TargetContext, 'password' | 'token' | 'clientId' | 'clientSecret' | 'timeouts'>
> & {
  flags?: Readonly<Record<string, unknown>>;
};

/** A run as recorded, enough to reopen its target. */
export interface RecordedTarget {
  id: string;
  backend: string;
  /** The target address the run recorded (URL or data directory). */
  target: string;
  targetInfo: TargetInfo | null;
  workload: Workload;
}

/** The flags of `clean` (each module reads its own) and the secrets and concurrency it runs with. */
export type Access = Omit<TargetContext, 'runId' | 'workload' | 'dataDir' | 'purpose'> & {
  flags: Readonly<Record<string, unknown>>;
  /** Why the target is reopened: to remove what the run stored (default), or to write on (`run --resume`). */
  purpose?: 'clean' | 'resume';
};

/** A recorded run's target reopened, or already gone with the reason (nothing to remove). */
export type Reopened<O> = { options: O } | { gone: string };

export interface BackendModule<O> {
  readonly name: BackendName;
  /** One line for `run --help`. */
  readonly description: string;
  readonly options: readonly BackendOptionSpec[];
  /** For a flag of other backends this one refuses: what to do instead (default: "add --backend …, or drop it"). */
  readonly instead?: Readonly<Record<string, string>>;
  /** Its typed options from parsed flags (absent flags undefined); a bad value is a UsageError naming the flag. */
  fromFlags(flags: Readonly<Record<string, unknown>>, ctx: TargetContext): O;
  /**
   * Its typed options to reopen what a recorded run stored: for `clean`, or (access.purpose
   * `resume`) to write on as the run did, with the settings it recorded (docs/backends.md, "Resume").
   */
  fromRecorded(run: RecordedTarget, access: Access): Reopened<O>;
  /** The backend, its implementation loaded on first use. */
  create(options: O): Promise<Backend>;
}

/** The key of a flag in commander's parsed flags: `--pid-namespace` → `pidNamespace`. */
export function optionKey(flag: string): string {
  return flag.replace(/^--/, '').replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** A string flag's value, or its stated default, or undefined. */
export function flagValue(flags: Readonly<Record<string, unknown>>, spec: BackendOptionSpec): string | undefined {
  const v = flags[optionKey(spec.flag)];
  return typeof v === 'string' ? v : spec.default;
}

/** Whether a switch was given. */
export function flagOn(flags: Readonly<Record<string, unknown>>, spec: BackendOptionSpec): boolean {
  return flags[optionKey(spec.flag)] === true;
}
