/**
 * The HTML report's probe panel (docs/probes.md): for each probe kind the run recorded, its verdict as a
 * banner and a chart of its median latency per batch against the objects stored when the probes
 * ran (the end of the batch). `get` has two lines, the cold (first) and the warm (immediate
 * second) read of the same objects; every kind has the fitted trend of its verdict's gate over
 * the kept batches, exp(intercept + slope i) with i the 1-based position in the kind's series
 * (the index the gate was fitted on). Empty for a run without probes.
 */
import type { ProbeSeries, ProbeVerdict } from '../../verdict/index.js';
import { escapeHtml } from '../escape.js';
import { formatCount, formatMs } from '../format.js';
import { probeDetail, probeGateNote } from '../probe-text.js';
import type { ReportInput } from '../report-input.js';
import { COLORS } from './charts.js';
import { verdictBanner } from './sections.js';
import { figure } from './document.js';
import type { ChartSpec, PlotPoint, PointSeries, TrendLine } from './svg-chart.js';

/** Objects stored at the end of each batch, by batch index (a partial last batch counts what it stored). */
function objectsAt(input: ReportInput): (batch: number) => number {
  const e = input.candidate.evaluation;
  const byBatch = new Map(e.batches.map((b) => [b.index, b.objectsBefore + b.objects]));
  return (batch) => byBatch.get(batch) ?? batch * e.run.batchSize;
}

function points(s: ProbeSeries, values: readonly number[], at: (b: number) => number, what: string): PlotPoint[] {
  return s.batches.map((b, i) => {
    const y = values[i] as number;
    return {
      x: at(b),
      y,
      batch: b,
      title: `batch ${b}: ${what} ${formatMs(y)} (${formatCount(at(b))} objects stored)`,
    };
  });
}

export function probeChart(s: ProbeSeries, v: ProbeVerdict, at: (b: number) => number): ChartSpec {
  const cold = s.warmMs !== null;
  const series: PointSeries[] = [
    {
      label: cold ? 'cold read (first GET of an object): median per batch' : `${s.kind} probe: median per batch`,
      cls: `probe-${s.kind}${cold ? ' probe-cold' : ''}`,
      run: 'candidate',
      shape: 'circle',
      color: COLORS.candidate,
      points: points(s, s.medianMs, at, cold ? 'cold median' : 'median'),
    },
  ];
  if (s.warmMs !== null) {
    series.push({
      label: 'warm read (the same object again): median per batch',
      cls: `probe-${s.kind} probe-warm`,
      run: 'candidate',
      shape: 'square',
      color: COLORS.p95,
      points: points(s, s.warmMs, at, 'warm median'),
    });
  }
  const g = v.gate;
  const lines: TrendLine[] = [];
  if (Number.isFinite(g.slope) && Number.isFinite(g.intercept) && g.keptBatches > 1) {
    const kept = s.batches.map((b, i) => [b, i + 1] as const).filter(([, i]) => i >= g.firstKeptBatch);
    lines.push({
      label: `fitted trend of the ${s.kind} verdict (kept batches ${g.firstKeptBatch}-${g.batches}): x${v.growthRatio.toFixed(2)}`,
      cls: `trend-probe-${s.kind}`,
      color: COLORS.cliff,
      dashed: true,
      points: kept.map(([b, i]) => [at(b), Math.exp(g.intercept + g.slope * i)]),
    });
  }
  return {
    id: `chart-probe-${s.kind}`,
    title: `${s.kind} probe: median latency per batch against objects stored`,
    xLabel: 'objects stored (when the probes ran, at the end of the batch)',
    yLabel: `${s.kind} probe latency`,
    xFormat: (x) => formatCount(x),
    yAxis: 'time',
    height: 280,
    series,
    lines,
  };
}

export function probePanel(input: ReportInput): string {
  const p = input.probes;
  if (!p || p.verdicts.length === 0) return '';
  const at = objectsAt(input);
  const run = input.candidate.evaluation.run;
  const parts = [
    '<section id="probes" aria-label="Read-side probes">',
    '<h2>Read-side probes</h2>',
    `<p>After each batch, outside its clock, the run probed a sample of the objects stored so far. Each kind's median latency per batch is judged by the same gate as ingest (${escapeHtml(probeGateNote(p.gated))}).</p>`,
  ];
  for (const v of p.verdicts) {
    const s = p.series.find((x) => x.kind === v.kind);
    parts.push(
      `<h3>${escapeHtml(v.kind)}</h3>`,
      verdictBanner(v.verdict, `${v.kind} probe`, probeDetail(v, run), v.gate.reason),
    );
    if (!s) continue;
    const spec = probeChart(s, v, at);
    const caption =
      s.warmMs !== null
        ? "Circles: the median of the cold reads in each batch (the first GET of each sampled object); squares: the warm reads (an immediate second GET of the same objects). The verdict is the cold reads'."
        : `The median ${v.kind} probe latency in each batch.`;
    parts.push(figure(spec, `${caption} The dashed line is the verdict's fitted trend over the kept batches.`));
  }
  parts.push('</section>');
  return parts.join('\n');
}
