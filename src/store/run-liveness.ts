/**
 * Is a `running` run still running? A run records its pid, its host and a heartbeat after every
 * batch; a run killed by SIGKILL, a crash or a lost machine stays `running` in the database forever.
 * Every command shows such a run as `interrupted`: on the same host when its process is gone, on any
 * host when its heartbeat is far too old. `interrupted` is derived when read, never written, so a run
 * whose process still lives is never marked dead by a reader.
 */
import { hostname } from 'node:os';
import type { RunRecord, RunStatus } from '../model/records.js';

/** A heartbeat older than this means the run is gone, wherever it ran (a batch taking a day is not plausible). */
export const HEARTBEAT_STALE_MS = 24 * 3600 * 1000;

/** What a reader knows of its own machine when it judges whether a run still lives. */
export interface LivenessView {
  /** This machine's hostname. */
  host: string;
  /** Now, in ms since the epoch. */
  nowMs: number;
  /** Whether a process with this id exists on this machine. */
  alive(pid: number): boolean;
}

/** process.kill(pid, 0): ESRCH means no such process; EPERM means it exists (someone else's). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const localLiveness = (): LivenessView => ({ host: hostname(), nowMs: Date.now(), alive: processAlive });

/** The status a run is shown with: `interrupted` for a `running` run whose process is gone. */
export function effectiveStatus(run: RunRecord, view: LivenessView): RunStatus {
  if (run.status !== 'running') return run.status;
  const beat = Date.parse(run.heartbeatAt ?? run.startedAt);
  if (Number.isFinite(beat) && view.nowMs - beat > HEARTBEAT_STALE_MS) return 'interrupted';
  if (run.pid !== undefined && run.pid !== null && run.runHost === view.host && !view.alive(run.pid))
    return 'interrupted';
  return 'running';
}

/** The run as every command shows it. */
export function withLiveness<T extends RunRecord>(run: T, view: LivenessView = localLiveness()): T {
  const status = effectiveStatus(run, view);
  return status === run.status ? run : { ...run, status };
}
