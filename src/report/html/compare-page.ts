/**
 * The HTML page of a compare (docs/commands/report.md): the compare's verdict and its text answer, then
 * per phase (a) the targets overlaid, each target's per-batch value against the objects stored at
 * the end of the batch (the reference as squares, the others in their own shapes and colours), and
 * (b) for every target but the reference, the per-batch ratio target / reference with the scaling
 * gate's fitted trend exp(intercept + slope i) over the kept pairs, its slope band (the CI's slopes
 * through the centre of the kept pairs, as the run report draws it) and a dashed line at 1.00.
 * Pure: (CompareSeries, when, version) => string.
 */
import { ciLevelLabel } from '../../analysis/growth-gate.js';
import type { CompareSeries, Phase, RatioSeries, TargetSeries } from '../../compare/index.js';
import { compareText } from '../compare-text.js';
import { escapeHtml } from '../escape.js';
import { formatCount, formatMs } from '../format.js';
import { COLORS } from './charts.js';
import { figure, htmlDocument } from './document.js';
import { verdictBanner } from './sections.js';
import type { ChartSpec, PointSeries, Shape, TrendBand, TrendLine } from './svg-chart.js';

const SHAPES: Shape[] = ['circle', 'diamond', 'triangle'];
const PALETTE = [COLORS.candidate, COLORS.p50, COLORS.p99, COLORS.p95];
const PHASE_VALUE: Record<Phase, string> = {
  put: 'per-batch wall time',
  'get-cold': 'median cold GET latency per batch',
  'get-warm': 'median warm GET latency per batch',
};
const countAxis = (v: number): string => formatCount(v);
const fx = (v: number): string => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');

function targetSeries(t: TargetSeries, k: number, phase: Phase): PointSeries {
  const reference = k === 0;
  const values = t.perBatchMs[phase] ?? [];
  return {
    label: `${t.name}${reference ? ' (reference)' : ''}: ${PHASE_VALUE[phase]} (run ${t.runId})`,
    cls: `compare-${phase} target-${k}`,
    run: reference ? 'baseline' : 'candidate',
    shape: reference ? 'square' : (SHAPES[(k - 1) % SHAPES.length] as Shape),
    color: reference ? COLORS.baseline : (PALETTE[(k - 1) % PALETTE.length] as string),
    points: values.flatMap((v, i) => {
      if (v === null || !Number.isFinite(v)) return [];
      const x = t.objects[i] ?? 0;
      return [
        {
          x,
          y: v,
          batch: i + 1,
          title: `${t.name}, batch ${i + 1}: ${formatMs(v)} (${formatCount(x)} objects stored)`,
        },
      ];
    }),
  };
}

export function phaseChart(c: CompareSeries, phase: Phase): ChartSpec {
  return {
    id: `chart-compare-${phase}`,
    title: `${phase}: ${PHASE_VALUE[phase]} of every target against objects stored`,
    xLabel: 'objects stored (at the end of the batch)',
    yLabel: PHASE_VALUE[phase],
    xFormat: countAxis,
    yAxis: 'time',
    series: c.targets.map((t, k) => targetSeries(t, k, phase)),
  };
}

export function ratioChart(c: CompareSeries, phase: Phase, name: string, r: RatioSeries): ChartSpec {
  const g = r.gate;
  const id = `chart-ratio-${phase}-${c.answer.targets.indexOf(name)}`;
  const lines: TrendLine[] = [];
  const bands: TrendBand[] = [];
  const xs = r.objects;
  if (xs.length > 0)
    lines.push({
      label: 'ratio 1.00: the same as the reference',
      cls: 'ratio-one',
      color: '#57606a',
      dashed: true,
      points: [
        [xs[0] as number, 1],
        [xs[xs.length - 1] as number, 1],
      ],
    });
  if (Number.isFinite(g.slope) && Number.isFinite(g.intercept) && g.keptBatches > 1) {
    const kept = xs.map((x, i) => [x, i + 1] as const).filter(([, i]) => i >= g.firstKeptBatch);
    lines.push({
      label: `fitted trend of the ratio (kept pairs ${g.firstKeptBatch}-${g.batches}): x${fx(g.growthRatio)}`,
      cls: 'trend-ratio',
      color: COLORS.candidate,
      points: kept.map(([x, i]) => [x, Math.exp(g.intercept + g.slope * i)]),
    });
    const [lo, hi] = g.slopeCi;
    if (Number.isFinite(lo) && Number.isFinite(hi)) {
      const mid = (g.firstKeptBatch + g.batches) / 2;
      const at = (i: number, b: number): number => Math.exp(g.intercept + g.slope * mid + b * (i - mid));
      bands.push({
        label: `${ciLevelLabel(g.ciZ)} slope band (CI slopes through the centre of the kept pairs)`,
        cls: 'ci-band',
        color: COLORS.band,
        lower: kept.map(([x, i]) => [x, Math.min(at(i, lo), at(i, hi))]),
        upper: kept.map(([x, i]) => [x, Math.max(at(i, lo), at(i, hi))]),
      });
    }
  }
  return {
    id,
    title: `${phase}: ${name} / ${c.answer.reference} per paired batch, with the scaling trend`,
    xLabel: 'objects stored (at the end of the batch)',
    yLabel: `${name} / ${c.answer.reference}`,
    xFormat: countAxis,
    yAxis: 'number',
    height: 280,
    series: [
      {
        label: `${name} / ${c.answer.reference}: ratio per paired batch (past the warm-up)`,
        cls: `ratio ratio-${phase}`,
        run: 'candidate',
        shape: 'circle',
        color: COLORS.candidate,
        points: r.ratios.map((v, i) => ({
          x: xs[i] as number,
          y: v,
          batch: r.batches[i] as number,
          title: `batch ${r.batches[i]}: x${fx(v)} (${formatCount(xs[i] as number)} objects stored)`,
        })),
      },
    ],
    lines,
    bands,
  };
}

function phaseSection(c: CompareSeries, phase: Phase): string[] {
  const a = c.answer;
  const parts = [
    `<h2>Phase ${escapeHtml(phase)}</h2>`,
    figure(
      phaseChart(c, phase),
      `Each point is one batch of one target, at the objects stored when it ended; batches went to the targets in ABBA order, so both saw the same host at the same fill. The reference ${a.reference} is drawn as squares.`,
    ),
  ];
  for (const name of a.targets.slice(1)) {
    const r = c.ratios[phase]?.[name];
    const s = a.scaling[phase]?.[name];
    const l = a.level[phase]?.[name];
    if (!r || !s) continue;
    const level = l
      ? `level x${fx(l.estimate ?? NaN)} [${fx(l.ci[0] ?? NaN)}, ${fx(l.ci[1] ?? NaN)}] over ${l.pairs} pairs${l.verdict === null ? ' (not gated)' : `: ${l.verdict}`}`
      : '';
    parts.push(
      `<h3>${escapeHtml(`${name} against ${a.reference}`)}</h3>`,
      verdictBanner(
        s.verdict,
        `${phase} scaling of ${name}`,
        s.reason,
        `scaling ${s.verdict} x${fx(s.growthRatio ?? NaN)} [${fx(s.ci[0] ?? NaN)}, ${fx(s.ci[1] ?? NaN)}]\n${level}`,
      ),
      figure(
        ratioChart(c, phase, name, r),
        `The ratio ${name} / ${a.reference} of each paired batch; a ratio that rises as both fill means ${name} gets slower faster than ${a.reference}. The line is the scaling gate's Theil-Sen trend over the kept pairs, the band its slope CI.`,
      ),
    );
  }
  return parts;
}

export function renderCompareHtml(c: CompareSeries, generatedAt: string, toolVersion: string): string {
  const a = c.answer;
  return htmlDocument(`ingest-scale compare: ${a.verdict} for ${a.targets.join(' vs ')}`, [
    '<header>',
    `<h1>${escapeHtml(`ingest-scale compare ${a.compareId}: ${a.targets.join(', ')}`)}</h1>`,
    `<p class="meta">Generated ${escapeHtml(generatedAt)} by ingest-scale ${escapeHtml(toolVersion)}; compare started ${escapeHtml(c.startedAt)}, ` +
      `${formatCount(a.batches)} batches of ${formatCount(c.batchSize)} into each target, ${a.warmupBatches} warm-up.</p>`,
    '</header>',
    '<main>',
    verdictBanner(
      a.verdict,
      'Compare',
      `${a.targets.slice(1).join(', ')} against ${a.reference}, phases ${a.phasesRun.join(', ')}`,
      compareText(a),
    ),
    ...a.phasesRun.flatMap((p) => phaseSection(c, p)),
    '</main>',
  ]);
}
