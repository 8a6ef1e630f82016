/**
 * The target's own processes on this host (docs/verdict-iv.md, "Contention is others' work"): for a
 * target URL on the loopback (127.0.0.0/8, ::1, localhost), the process that owns the socket listening
 * on its port and that process's descendants. Their CPU is the store's work, not the host's: the
 * contention guard subtracts it from the host's busy time, as it does the tool's own.
 *
 * How: the port's listening sockets (state 0A) in /proc/net/tcp and /proc/net/tcp6 give socket
 * inodes; the process with a /proc/[pid]/fd link `socket:[inode]` owns one; /proc/[pid]/stat gives
 * parent ids (for the descendants) and utime + stime (clock ticks) for the CPU. A process of another
 * user hides its fd links: then no target is found, and the samples say so (`targetCpu` null).
 * A remote target has no local processes. Found once per run (a scan of /proc costs milliseconds).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface TargetProcesses {
  /** Pids counted as the target (the listener first); empty when none was found. */
  pids: number[];
  /** Why none was found, when none was ('remote', 'no-listener', 'hidden', 'own-process'). */
  missing: 'remote' | 'no-listener' | 'hidden' | 'own-process' | null;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|::1|localhost)$/i;

/** The port of a loopback URL, or null for a remote or unparsable one. */
export function loopbackPort(url: string): number | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (!LOOPBACK.test(u.hostname)) return null;
  if (u.port !== '') return Number(u.port);
  return u.protocol === 'https:' ? 443 : u.protocol === 'http:' ? 80 : null;
}

/** Inodes of the sockets listening on `port` in the text of /proc/net/tcp or tcp6. */
export function listeningInodes(text: string, port: number): number[] {
  const out: number[] = [];
  for (const line of text.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 10) continue;
    const localPort = parseInt(f[1]?.split(':')[1] ?? '', 16);
    if (localPort === port && f[3] === '0A') out.push(Number(f[9]));
  }
  return out.filter((v) => Number.isFinite(v) && v > 0);
}

/** The fields after the command name of /proc/[pid]/stat (the name may hold spaces and parentheses). */
export function statFields(text: string): string[] {
  return text
    .slice(text.lastIndexOf(')') + 2)
    .trim()
    .split(/\s+/);
}

/** utime + stime of a /proc/[pid]/stat text, clock ticks; null when unreadable. */
export function cpuTicksOfStat(text: string | null): number | null {
  if (text === null) return null;
  const f = statFields(text);
  // after the name: state(3) ppid(4) ... utime(14) stime(15), so indexes 11 and 12 here
  const v = Number(f[11]) + Number(f[12]);
  return Number.isFinite(v) ? v : null;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function procPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number);
  } catch {
    return [];
  }
}

function ownsSocket(pid: number, links: Set<string>): boolean {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  for (const fd of fds) {
    try {
      if (links.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}

/** The pid and its descendants, from a parent map. */
export function withDescendants(root: number, parentOf: ReadonlyMap<number, number>): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++)
    for (const [pid, ppid] of parentOf) if (ppid === out[i] && !out.includes(pid)) out.push(pid);
  return out;
}

/** The target's processes for a target URL (null: no URL, e.g. an embedded store). */
export function findTargetProcesses(url: string | null, ownPid = process.pid): TargetProcesses {
  const port = url === null ? null : loopbackPort(url);
  if (port === null) return { pids: [], missing: 'remote' };
  const inodes = [read('/proc/net/tcp'), read('/proc/net/tcp6')].flatMap((t) => (t ? listeningInodes(t, port) : []));
  if (inodes.length === 0) return { pids: [], missing: 'no-listener' };
  const links = new Set(inodes.map((i) => `socket:[${i}]`));
  const pids = procPids();
  const owner = pids.find((pid) => ownsSocket(pid, links));
  if (owner === undefined) return { pids: [], missing: 'hidden' };
  if (owner === ownPid) return { pids: [], missing: 'own-process' };
  const parentOf = new Map<number, number>();
  for (const pid of pids) {
    const t = read(`/proc/${pid}/stat`);
    if (t !== null) parentOf.set(pid, Number(statFields(t)[1]));
  }
  return { pids: withDescendants(owner, parentOf).filter((p) => p !== ownPid), missing: null };
}

/** The summed CPU of the pids, µs (clock ticks at 100 Hz); null when none can be read. */
export function targetCpuUs(pids: readonly number[]): number | null {
  if (pids.length === 0) return null;
  let ticks = 0;
  let seen = false;
  for (const pid of pids) {
    const t = cpuTicksOfStat(read(`/proc/${pid}/stat`));
    if (t !== null) {
      ticks += t;
      seen = true;
    }
  }
  return seen ? ticks * 10_000 : null;
}
