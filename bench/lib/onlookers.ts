/**
 * What looks at a run while it goes, as hooks of a ground-truth fill (ground-truth-fill.ts): a
 * `watch` process drawing the live view on a terminal of its own, and a client scraping `run
 * --metrics` every second. Each reports, when stopped, what it saw, so a figure of "the writer was
 * not slowed" is never one of an onlooker that did nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FillHook } from './ground-truth-fill.js';
import { kill, REPO_ROOT } from './proc.js';

const BIN = join(REPO_ROOT, 'bin', 'ingest-scale.js');
/** util-linux `script` gives the watcher a pseudo-terminal, so it draws the live view as in a second terminal. */
const SCRIPT = '/usr/bin/script';
/** The watcher ends itself when the run ends; one still there this long after is killed by PID. */
const WATCH_GRACE_MS = 30_000;

export interface Seen {
  /** watch on a pseudo-terminal (the live view), watch printing a line per batch, or the scraper. */
  kind: 'watch-view' | 'watch-lines' | 'scrape';
  /** watch: its exit code; scrape: null. */
  code: number | null;
  /** watch: bytes it wrote; scrape: scrapes answered with status 200. */
  amount: number;
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** `ingest-scale watch last --db DB`, on a 100 x 42 pseudo-terminal where util-linux `script` is installed. */
export function watcherHook(afterBatches: number, seen: Seen[]): FillHook {
  return {
    afterBatches,
    start: (_url, db) => {
      const terminal = existsSync(SCRIPT);
      const watch = [process.execPath, BIN, 'watch', 'last', '--db', db].map(shellQuote).join(' ');
      // the live view is not drawn where CI is set
      const env = { ...process.env };
      delete env.CI;
      const child = terminal
        ? spawn(SCRIPT, ['-qec', `stty cols 100 rows 42; exec ${watch}`, '/dev/null'], { env, cwd: REPO_ROOT })
        : spawn(process.execPath, [BIN, 'watch', 'last', '--db', db], { env, cwd: REPO_ROOT });
      let amount = 0;
      child.stdout?.on('data', (d: Buffer) => (amount += d.length));
      child.stderr?.on('data', (d: Buffer) => (amount += d.length));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      return async () => {
        const timer = setTimeout(() => void kill(child), WATCH_GRACE_MS);
        const code = await exited;
        clearTimeout(timer);
        seen.push({ kind: terminal ? 'watch-view' : 'watch-lines', code, amount });
      };
    },
  };
}

/** GET /metrics every second (as a Prometheus scraper asks: OpenMetrics first), from the bench's process. */
export function scrapeHook(afterBatches: number, port: number, seen: Seen[]): FillHook {
  return {
    afterBatches,
    start: () => {
      let ok = 0;
      let inFlight: Promise<void> = Promise.resolve();
      const scrape = async (): Promise<void> => {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
            headers: { accept: 'application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5' },
            signal: AbortSignal.timeout(5_000),
          });
          await res.text();
          if (res.status === 200) ok++;
        } catch {
          // the run has ended and its endpoint with it
        }
      };
      const timer = setInterval(() => {
        inFlight = scrape();
      }, 1_000);
      return async () => {
        clearInterval(timer);
        await inFlight;
        seen.push({ kind: 'scrape', code: null, amount: ok });
      };
    },
  };
}
