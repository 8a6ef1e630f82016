/**
 * Does watching a run slow it? (run only when named: `node dist/bench/run.js live --out FILE`.) The
 * constant ground-truth store (`serve --protocol http-put --cost constant --base-cost 20ms`, its own
 * process, stopped by PID) filled by `run --backend http-put` (1 KiB objects, 16 in flight, no early
 * stop), in two series of pairs:
 *
 * - without / with a `watch` process attached from batch 2 (on a pseudo-terminal of its own, so it
 *   draws the live view as a second terminal would);
 * - without `--metrics` / with `--metrics PORT` and a client scraping it every second from batch 2.
 *
 * The pairs run interleaved with the order alternating (without, with; with, without; …) so a host
 * growing busier or quieter over the series does not favour one side. Per run: the median batch
 * time of batches 2 onwards (the onlooker's span); per pair, with / without. A report, not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/helpers/free-port.js';
import { fillGroundTruth, type Fill, type FillHook, type FillPlan } from './lib/ground-truth-fill.js';
import { loadRange, loadText } from './lib/host-load.js';
import { scrapeHook, watcherHook, type Seen } from './lib/onlookers.js';
import { figure, type Benchmark, type Figure, type Mode, type Table } from './lib/result.js';
import { fmt, interleave, median } from './lib/stats.js';

const PAIRS: Record<Mode, number> = { full: 5, quick: 3, tiny: 1 };
/** Full runs last about 10 s on a quiet host: some ten scrapes each. */
const SIZE: Record<Mode, { batch: number; batches: number }> = {
  full: { batch: 64, batches: 120 },
  quick: { batch: 64, batches: 60 },
  tiny: { batch: 32, batches: 12 },
};
/** Onlookers start once the first batch is in; the figures are of the batches after it. */
const FROM_BATCH = 1;

interface Measured {
  fill: Fill;
  medianMs: number;
  /** The mean too: a scrape once a second touches one batch in several, which a median does not see. */
  meanMs: number;
  seen: Seen | null;
}

const noHook: FillHook = { afterBatches: FROM_BATCH, start: () => async () => undefined };

async function measure(
  mode: Mode,
  dir: string,
  name: string,
  hookOf: (seen: Seen[]) => FillHook,
  extra: string[] = [],
) {
  const { batch, batches } = SIZE[mode];
  const plan: FillPlan = { cost: 'constant', baseCost: '20ms', batch, batches, concurrency: 16, extra };
  const seen: Seen[] = [];
  const fill = await fillGroundTruth(plan, dir, name, hookOf(seen));
  const times = fill.batches.filter((b) => b.index > FROM_BATCH).map((b) => b.wallMs);
  const meanMs = times.reduce((a, t) => a + t, 0) / times.length;
  return { fill, medianMs: median(times), meanMs, seen: seen[0] ?? null } satisfies Measured;
}

interface Series {
  what: string;
  without: Measured[];
  with: Measured[];
}

async function series(mode: Mode, dir: string, what: 'watch' | 'scrape'): Promise<Series> {
  let n = 0;
  const without = (): Promise<Measured> => measure(mode, dir, `${what}-without-${++n}`, () => noHook);
  const withIt = async (): Promise<Measured> => {
    const name = `${what}-with-${++n}`;
    if (what === 'watch') return measure(mode, dir, name, (seen) => watcherHook(FROM_BATCH, seen));
    const port = await freePort();
    return measure(mode, dir, name, (seen) => scrapeHook(FROM_BATCH, port, seen), ['--metrics', String(port)]);
  };
  const [a, b] = await interleave(PAIRS[mode], [without, withIt]);
  return { what, without: a as Measured[], with: b as Measured[] };
}

const pairRatios = (s: Series): number[] => s.with.map((w, i) => w.medianMs / (s.without[i] as Measured).medianMs);
const seenText = (m: Measured): string => {
  const s = m.seen;
  if (s === null) return '–';
  if (s.kind === 'scrape') return `${s.amount} scrapes answered`;
  return `watch exit ${s.code}, ${fmt(s.amount / 1024, 0)} KiB ${s.kind === 'watch-view' ? 'drawn' : 'of lines'}`;
};

function seriesTable(s: Series): Table {
  return {
    title: `${s.what}: pairs (without ran first in odd pairs, with in even ones)`,
    columns: [
      'pair',
      'median batch without',
      'median batch with',
      'with / without',
      'mean: with / without',
      'the onlooker',
      'load without',
      'load with',
    ],
    rows: s.with.map((w, i) => {
      const o = s.without[i] as Measured;
      return [
        String(i + 1),
        `${fmt(o.medianMs, 1)} ms`,
        `${fmt(w.medianMs, 1)} ms`,
        `${fmt(w.medianMs / o.medianMs, 3)}`,
        `${fmt(o.meanMs, 1)} → ${fmt(w.meanMs, 1)} ms: ${fmt(w.meanMs / o.meanMs, 3)}`,
        seenText(w),
        loadText(o.fill.loadBefore),
        loadText(w.fill.loadBefore),
      ];
    }),
  };
}

function seriesFigure(s: Series, label: string): Figure {
  const r = pairRatios(s);
  return figure({
    figure: `${label}: median batch time with / without (median of ${r.length} pairs)`,
    ours: median(s.with.map((m) => m.medianMs)),
    reference: median(s.without.map((m) => m.medianMs)),
    ratio: median(r),
    unit: 'ms',
    referenceName: 'the same run without it',
    budget: null,
  });
}

const spreadNote = (s: Series, label: string): string => {
  const r = pairRatios(s);
  const all = [...s.without, ...s.with].flatMap((m) => [m.fill.loadBefore, m.fill.loadAfter]);
  return `${label}: pair ratios ${r.map((x) => fmt(x, 3)).join(', ')} (median ${fmt(median(r), 3)}, range ${fmt(Math.min(...r), 3)}–${fmt(Math.max(...r), 3)}); ${loadRange(all)} over the series.`;
};

export const liveBench: Benchmark = async ({ mode, log }) => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-live-'));
  let watch: Series;
  let scrape: Series;
  try {
    watch = await series(mode, dir, 'watch');
    log(spreadNote(watch, 'watch'));
    scrape = await series(mode, dir, 'scrape');
    log(spreadNote(scrape, 'scrape'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { batch, batches } = SIZE[mode];
  return {
    name: 'live',
    title: 'Watching a run: a `watch` process and a 1 s `--metrics` scrape against the writer’s batch times',
    method: [
      `The constant ground-truth store (\`serve --protocol http-put --cost constant --base-cost 20ms\`, its own process) filled by \`run --backend http-put\`: ${batches} batches of ${batch} objects (1 KiB), 16 in flight, \`--no-stop-early\`, a fresh store and database per run.`,
      `watch: \`ingest-scale watch last --db DB\` started once batch ${FROM_BATCH} was recorded, on a 100 x 42 pseudo-terminal (util-linux \`script\`), so it draws the live view; it ends itself with the run. scrape: \`run --metrics PORT\` and a GET /metrics every second from the bench’s process from batch ${FROM_BATCH + 1}. Without: the same run with neither (no \`--metrics\`).`,
      `Per run the median (and the mean) batch time of batches ${FROM_BATCH + 1}–${batches}; per pair with / without. ${PAIRS[mode]} pairs per series, interleaved, the side that runs first alternating.`,
    ],
    figures: [seriesFigure(watch, 'watch attached'), seriesFigure(scrape, '--metrics scraped every 1 s')],
    tables: [seriesTable(watch), seriesTable(scrape)],
    notes: [spreadNote(watch, 'watch'), spreadNote(scrape, 'scrape')],
  };
};
