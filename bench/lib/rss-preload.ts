/**
 * Preloaded into a measured process (`node --import dist/bench/lib/rss-preload.js …`): at exit it
 * writes the process's own peak RSS (process.resourceUsage().maxRSS, KiB) to $BENCH_RSS_FILE.
 * The way to measure peak RSS where /usr/bin/time is missing, and a cross-check where it is not.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    writeFileSync(file, String(process.resourceUsage().maxRSS));
  });
}
