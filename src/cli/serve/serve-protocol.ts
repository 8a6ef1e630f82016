/**
 * A protocol of `ingest-scale serve`, as a module that owns its flags (as a backend module does,
 * src/backends/backend-module.ts): its line in the --protocol help, its own commander options,
 * the checks of its flags and how it starts. serve-command.ts loops over them (serve-protocols.ts).
 */
import type { Option } from 'commander';

/** The flags every protocol shares, checked by serve-command.ts. */
export interface ServeCommon {
  host: string;
  port: number;
  /** The LevelDB data directory (--data, or a temporary one); null for a protocol that keeps its data in memory. */
  dataDir: string | null;
  /** --user and the password from the environment (writes need HTTP Basic auth). */
  auth: { user?: string; password?: string | undefined };
  json: boolean;
}

export interface StartedServer {
  url: string;
  close(): Promise<void>;
}

export interface ServeProtocol {
  name: string;
  /** What --protocol's help says of it. */
  summary: string;
  /** Its own options (their help starts with the protocol's name). */
  options(): Option[];
  /**
   * true: a LevelDB store in --data (or a temporary directory), --user taken; false: in memory,
   * --data and --user refused with `inMemory` as the hint.
   */
  storesData: boolean;
  inMemory?: string;
  /**
   * Checks its flags (a UsageError naming the flag) and starts; `line` is what stderr says once it
   * listens (not printed with --json). The server loads only when serving.
   */
  start(flags: Readonly<Record<string, unknown>>, c: ServeCommon): Promise<{ server: StartedServer; line: string }>;
}
