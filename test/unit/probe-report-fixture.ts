/**
 * A ReportInput with read-side probes (docs/probes.md) for the renderer tests (no test in this file):
 * the synthetic LDP run of report-fixture.ts, probed after each of its batches with seeded rows
 * (mulberry32) — get flat at about 4 ms cold and 1 ms warm, list growing 12% per batch (as an LDP
 * container listing its children does), head flat — judged by the loader's own functions.
 */
import { probeSeries, probeVerdictsOf, type ProbeRow } from '../../src/verdict/probe-stats.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { mulberry32 } from '../helpers/series.js';
import { syntheticInput } from './report-fixture.js';

export function probeRowsFor(batches: number, seed = 23): ProbeRow[] {
  const rnd = mulberry32(seed);
  const noise = (): number => 1 + 0.1 * (rnd() - 0.5);
  const rows: ProbeRow[] = [];
  for (let b = 1; b <= batches; b++) {
    for (let k = 0; k < 5; k++) {
      rows.push({ batch: b, kind: 'probe-get', durationMs: 4 * noise() });
      rows.push({ batch: b, kind: 'probe-get-warm', durationMs: 1 * noise() });
      rows.push({ batch: b, kind: 'probe-head', durationMs: 0.8 * noise() });
      rows.push({ batch: b, kind: 'probe-list', durationMs: 3 * 1.12 ** (b - 1) * noise() });
    }
  }
  return rows;
}

export function probeInput(gated = false): ReportInput {
  const input = syntheticInput();
  const e = input.candidate.evaluation;
  const rows = probeRowsFor(e.batches.length);
  return {
    ...input,
    probes: {
      verdicts: probeVerdictsOf(rows, e.run.batchSize, input.gates.maxGrowth),
      series: probeSeries(rows),
      gated,
    },
  };
}
