/**
 * The verdict IV rules on the host's real clock (run only when named: `node dist/bench/run.js
 * verdict-iv --out FILE`): the ground-truth store (`serve --protocol http-put`, its own process,
 * stopped by PID) filled by `run --backend http-put` (1 KiB objects, 16 in flight, no early stop),
 * then `check --json`, in three cases:
 *
 * - step: `--cost step:AT:1.3` with AT at half the fill, on the host as it is: FAIL with the cliff
 *   within one batch of the step, and never INCONCLUSIVE (a false contention alarm);
 * - linear: `--cost linear:1.3` with three busy CPU loops started when half the batches are in: never
 *   exit 0 (a true regression must not pass because the host got busy);
 * - constant: `--cost constant` with the same loops: never exit 1.
 *
 * It is a report, not a test: each run's figures come with the host's load and the rest of the
 * host's CPU share (others_cpu) the run recorded before and after half-fill. The seeded model of the
 * same cases is asserted on the virtual clock (test/unit/analysis-contention-others.test.ts,
 * analysis-quiet-power.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { busyChild } from '../test/helpers/busy-child.js';
import { fillGroundTruth, type Fill, type FillHook, type FillPlan } from './lib/ground-truth-fill.js';
import { loadRange, loadText } from './lib/host-load.js';
import { figure, type Benchmark, type Mode, type Table } from './lib/result.js';
import { fmt, median } from './lib/stats.js';

const RUNS: Record<Mode, { step: number; linear: number; constant: number }> = {
  full: { step: 12, linear: 6, constant: 6 },
  quick: { step: 4, linear: 2, constant: 2 },
  tiny: { step: 1, linear: 1, constant: 1 },
};
const SIZE: Record<Mode, { batch: number; batches: number }> = {
  full: { batch: 64, batches: 44 },
  quick: { batch: 64, batches: 44 },
  tiny: { batch: 32, batches: 24 },
};
const LOOPS = 3;
/** Each loop ends itself after this long even if the bench dies; it is killed by PID when the run ends. */
const LOOP_MS = 180_000;

type CaseName = 'step' | 'linear' | 'constant';

interface Contention {
  rose: boolean;
  fromBatch: number | null;
  metric: string | null;
  before: number | null;
  after: number | null;
  effect: string;
  inconclusiveReason: string | null;
}
interface Cliff {
  batch: number;
  objects: number;
  ratio: number;
}
interface Outcome {
  fill: Fill;
  verdict: string;
  growthRatio: number;
  ci: [number, number];
  cliff: Cliff | null;
  contention: Contention | null;
  /** The batch the step is in (the first whose PUTs meet it), or null for no step. */
  stepBatch: number | null;
  /** Median others_cpu before and from half-fill. */
  othersBefore: number;
  othersAfter: number;
  /** Median batch time (ms) of batches 2 to half-fill and from it: what the store's step became in batch time. */
  msBefore: number;
  msAfter: number;
}

/** Three busy CPU loops from half-fill, killed by PID when the run has ended. */
const busyFromHalf = (batches: number): FillHook => ({
  afterBatches: batches / 2,
  start: () => {
    const loops = Array.from({ length: LOOPS }, () => busyChild(LOOP_MS));
    return async () => {
      for (const c of loops) if (c.pid !== undefined && c.exitCode === null) process.kill(c.pid, 'SIGKILL');
    };
  },
});

async function oneRun(c: CaseName, mode: Mode, dir: string, i: number): Promise<Outcome> {
  const { batch, batches } = SIZE[mode];
  const half = (batch * batches) / 2;
  const cost = c === 'step' ? `step:${half}:1.3` : c === 'linear' ? 'linear:1.3' : 'constant';
  const plan: FillPlan = { cost, baseCost: '20ms', batch, batches, concurrency: 16 };
  const fill = await fillGroundTruth(plan, dir, `${c}-${i}`, c === 'step' ? undefined : busyFromHalf(batches));
  const j = fill.check as unknown as Pick<Outcome, 'verdict' | 'growthRatio' | 'ci' | 'cliff' | 'contention'>;
  const split = fill.hookedAt > 0 ? fill.hookedAt - 1 : batches / 2;
  const others = (from: number, to: number): number =>
    median(
      fill.samples
        .slice(from, to)
        .map((s) => s.othersCpu)
        .filter((x): x is number => x !== null),
    );
  return {
    fill,
    verdict: j.verdict,
    growthRatio: j.growthRatio,
    ci: j.ci,
    cliff: j.cliff,
    contention: j.contention,
    stepBatch: c === 'step' ? half / batch + 1 : null,
    othersBefore: others(1, split),
    othersAfter: others(split, fill.samples.length),
    msBefore: median(fill.batches.slice(1, split).map((b) => b.wallMs)),
    msAfter: median(fill.batches.slice(split).map((b) => b.wallMs)),
  };
}

const pct = (x: number | null): string => (x === null || !Number.isFinite(x) ? 'n/a' : `${fmt(100 * x, 0)}%`);
const cliffError = (o: Outcome): number | null =>
  o.cliff === null || o.stepBatch === null ? null : o.cliff.batch - o.stepBatch;
const cliffText = (o: Outcome): string => {
  if (o.cliff === null) return 'none';
  const err = cliffError(o);
  return `batch ${o.cliff.batch} (${fmt(o.cliff.objects)} objects) x${fmt(o.cliff.ratio, 2)}${err === null ? '' : `, error ${err >= 0 ? '+' : ''}${err}`}`;
};
const riseText = (o: Outcome): string => {
  const k = o.contention;
  if (k === null || !k.rose) return 'none';
  const reason = k.inconclusiveReason ? `, ${k.inconclusiveReason}` : '';
  return `${k.metric} ${pct(k.before)} → ${pct(k.after)} from batch ${k.fromBatch} (${k.effect}${reason})`;
};
const tally = (xs: readonly string[]): string =>
  [...new Set(xs)]
    .sort()
    .map((x) => `${x} ${xs.filter((y) => y === x).length}`)
    .join(', ');

function runsTable(c: CaseName, os: readonly Outcome[]): Table {
  return {
    title: `${c}: every run`,
    columns: [
      'run',
      'exit',
      'verdict',
      'growth [97.5% CI]',
      'median batch before → after half',
      'cliff',
      'contention rise',
      'others’ CPU before → after half',
      'load at start → end',
    ],
    rows: os.map((o, i) => [
      String(i + 1),
      String(o.fill.code),
      o.verdict,
      `x${fmt(o.growthRatio, 3)} [${fmt(o.ci[0], 3)}, ${fmt(o.ci[1], 3)}]`,
      `${fmt(o.msBefore, 0)} → ${fmt(o.msAfter, 0)} ms (x${fmt(o.msAfter / o.msBefore, 2)})`,
      cliffText(o),
      riseText(o),
      `${pct(o.othersBefore)} → ${pct(o.othersAfter)}${o.fill.hookedAt > 0 ? ` (loops from batch ${o.fill.hookedAt})` : ''}`,
      `${loadText(o.fill.loadBefore)} → ${loadText(o.fill.loadAfter)}`,
    ]),
  };
}

function summaryRow(c: CaseName, os: readonly Outcome[]): string[] {
  const errs = os.map(cliffError).filter((e): e is number => e !== null);
  const rises = os.filter((o) => o.contention?.rose === true).length;
  return [
    c,
    String(os.length),
    tally(os.map((o) => o.verdict)),
    tally(os.map((o) => `exit ${o.fill.code}`)),
    c === 'step'
      ? `${errs.filter((e) => Math.abs(e) <= 1).length} of ${os.length} within ±1 (errors ${errs.join(', ') || 'none'})`
      : '–',
    `${rises} of ${os.length}`,
    loadRange(os.flatMap((o) => [o.fill.loadBefore, o.fill.loadAfter])),
  ];
}

const share = (os: readonly Outcome[], ok: (o: Outcome) => boolean): number => os.filter(ok).length / os.length;
const allRuns = (f: Omit<Parameters<typeof figure>[0], 'reference' | 'unit' | 'referenceName' | 'budget'>) =>
  figure({ ...f, reference: 1, unit: 'share', referenceName: 'every run', budget: 'all runs', met: f.ours === 1 });

export const verdictIvBench: Benchmark = async ({ mode, log }) => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-viv-'));
  const out: Record<CaseName, Outcome[]> = { step: [], linear: [], constant: [] };
  try {
    for (const c of ['step', 'linear', 'constant'] as const)
      for (let i = 1; i <= RUNS[mode][c]; i++) {
        const o = await oneRun(c, mode, dir, i);
        log(
          `${c} ${i}: exit ${o.fill.code} ${o.verdict} x${fmt(o.growthRatio, 3)} [${fmt(o.ci[0], 3)}, ${fmt(o.ci[1], 3)}]; batches ${fmt(o.msBefore, 0)} → ${fmt(o.msAfter, 0)} ms; cliff ${cliffText(o)}; rise ${riseText(o)}; others ${pct(o.othersBefore)} → ${pct(o.othersAfter)}`,
        );
        out[c].push(o);
      }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { batch, batches } = SIZE[mode];
  const located = (o: Outcome): boolean => o.verdict === 'FAIL' && Math.abs(cliffError(o) ?? Infinity) <= 1;
  return {
    name: 'verdict-iv',
    title: 'Verdict IV on the host’s clock: a step, and growth or none under busy loops from half-fill',
    method: [
      `The ground-truth store (\`serve --protocol http-put --base-cost 20ms\`, its own process) filled by \`run --backend http-put\`: ${batches} batches of ${batch} objects (1 KiB), 16 in flight, \`--no-stop-early\`; \`check --json\` of each run.`,
      `step: \`--cost step:${(batch * batches) / 2}:1.3\` (the step in batch ${batches / 2 + 1}), nothing else started. linear: \`--cost linear:1.3\`; constant: \`--cost constant\`; both with ${LOOPS} busy CPU loops (\`node -e\`, each its own process) started once ${batches / 2} batches were recorded and killed by PID when the run ended.`,
      'The load is the 1-minute load average and /proc/pressure/cpu `some avg10` at each run’s start and end; others’ CPU is the median per-batch share of the host’s CPU used by neither the tool nor the store (the guard’s series).',
    ],
    figures: [
      allRuns({ figure: 'step: FAIL with the cliff within ±1 batch of the step', ours: share(out.step, located) }),
      allRuns({ figure: 'step: not INCONCLUSIVE', ours: share(out.step, (o) => o.verdict !== 'INCONCLUSIVE') }),
      allRuns({ figure: 'linear x1.3 + busy loops: never exit 0', ours: share(out.linear, (o) => o.fill.code !== 0) }),
      allRuns({ figure: 'constant + busy loops: never exit 1', ours: share(out.constant, (o) => o.fill.code !== 1) }),
    ],
    tables: [
      {
        title: 'Per case',
        columns: ['case', 'runs', 'verdicts', 'exit codes', 'cliff location', 'contention rose', 'load'],
        rows: (['step', 'linear', 'constant'] as const).map((c) => summaryRow(c, out[c])),
      },
      ...(['step', 'linear', 'constant'] as const).map((c) => runsTable(c, out[c])),
    ],
    notes: [],
  };
};
