/**
 * The CLI in a child process with its peak memory measured: under /usr/bin/time -v where it exists
 * (the whole process, Node included), and always through the RSS preload (lib/rss-preload.ts, the
 * process's own high-water mark), which stands in when /usr/bin/time is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchScript, REPO_ROOT, runProcess, type ChildResult } from './proc.js';

const TIME = '/usr/bin/time';
export const CLI_BIN = join(REPO_ROOT, 'bin', 'ingest-scale.js');

/** Whether peaks come from /usr/bin/time -v (else from the preload's process.resourceUsage().maxRSS). */
export const timeAvailable = (): boolean => existsSync(TIME);

export interface MeasuredChild {
  result: ChildResult;
  /** Peak RSS in KiB: /usr/bin/time's figure where it ran, else the preload's. */
  peakKiB: number;
  /** The preload's own figure. */
  selfKiB: number;
}

/** Runs `node --import rss-preload CLI_BIN ...args`, the preload writing its figure to rssFile. */
export async function runCliMeasured(args: string[], rssFile: string, limitMs: number): Promise<MeasuredChild> {
  const node = ['--import', benchScript('lib/rss-preload.js'), CLI_BIN, ...args];
  const env = { ...process.env, BENCH_RSS_FILE: rssFile };
  const useTime = timeAvailable();
  const result = useTime
    ? await runProcess(TIME, ['-v', process.execPath, ...node], { env, limitMs })
    : await runProcess(process.execPath, node, { env, limitMs });
  const selfKiB = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : Number.NaN;
  const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr);
  return { result, peakKiB: useTime && m ? Number(m[1]) : selfKiB, selfKiB };
}
