/**
 * Forecasts (src/analysis/forecast*.ts; docs/forecast.md): exact curves are recovered, the model is
 * chosen out of sample, the interval covers where a batch at 4x the fill falls, and objectives are
 * crossed where the curve says.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { trimWarmup } from '../../src/analysis/warmup-trim.js';
import { detectCliff } from '../../src/analysis/cliff.js';
import { fitCurve, type FillSeries } from '../../src/analysis/forecast-models.js';
import { binSeries, chooseModel } from '../../src/analysis/forecast-select.js';
import { fitForecast, forecastAt, FAR_FACTOR } from '../../src/analysis/forecast.js';
import { crossingFill, sloCrossing } from '../../src/analysis/forecast-slo.js';
import { fillSeries, forecastRun, largestForecastFill } from '../../src/analysis/forecast-run.js';
import { gauss, mulberry32 } from '../helpers/series.js';

const B = 100;

function series(m: number, f: (n: number) => number, cv = 0, seed = 1): FillSeries {
  const u = mulberry32(seed);
  const n = Float64Array.from({ length: m }, (_, i) => (i + 0.5) * B);
  const z = Float64Array.from(n, (x) => Math.log(f(x)) + (cv === 0 ? 0 : cv * gauss(u)));
  return { n, z };
}

describe('forecast models', () => {
  it('recover noiseless curves exactly', () => {
    const lin = series(50, (n) => 10 + 0.002 * n);
    const curve = fitCurve('linear', lin);
    assert.ok(curve);
    assert.ok(Math.abs(Math.exp(curve.predict(20_000)) - 50) < 1e-6);
    const pow = series(50, (n) => 3 * n ** 0.25);
    const p = fitCurve('power-law', pow);
    assert.ok(p);
    assert.ok(Math.abs(Math.exp(p.predict(1e6)) - 3 * 1e6 ** 0.25) < 1e-6);
  });

  it('a falling cost is constant for the raw-scale models (never extrapolated below zero)', () => {
    const falling = series(50, (n) => 100 - 0.01 * n);
    const curve = fitCurve('linear', falling);
    assert.ok(curve);
    assert.ok(Math.exp(curve.predict(1e6)) > 50);
  });

  it('rolling-origin validation picks the noiseless truth', () => {
    assert.equal(chooseModel(binSeries(series(60, () => 20))).kind, 'constant');
    assert.equal(chooseModel(binSeries(series(60, (n) => 5 + 0.01 * n))).kind, 'linear');
    assert.equal(chooseModel(binSeries(series(60, (n) => 20 * Math.exp(n / 5000)))).kind, 'log-linear');
  });
});

describe('forecast intervals', () => {
  it('are the same on every call (seeded bootstrap)', () => {
    const s = series(50, (n) => 20 * (1 + n / 20_000), 0.1, 7);
    const a = forecastAt(fitForecast(s, 5000, 100)!, 20_000);
    const b = forecastAt(fitForecast(s, 5000, 100)!, 20_000);
    assert.deepEqual(a, b);
  });

  it('mark fills beyond 10x the run as far, and name 100x as the largest fill', () => {
    const fit = fitForecast(
      series(50, () => 20, 0.05),
      5000,
      50,
    )!;
    assert.equal(forecastAt(fit, 5000 * FAR_FACTOR).far, false);
    assert.equal(forecastAt(fit, 5000 * FAR_FACTOR + 1).far, true);
    assert.equal(largestForecastFill(5000), 500_000);
  });

  it('cover a batch at 4x the fill in >= 85% of 200 seeded runs of known truth (fitted on the first quarter)', () => {
    // five truths as the ground-truth store's cost models: constant, linear x1.5, exponential,
    // a tree gaining levels, a 1.3x step inside the fitted quarter; 10% lognormal batch noise;
    // 200 batches of 100 objects, the first 50 fitted; the truth is the median of the last four
    const truths: Record<string, (n: number) => number> = {
      constant: () => 1,
      linear: (n) => 1 + (0.5 * n) / 20_000,
      exponential: (n) => Math.exp((0.4 * n) / 20_000),
      logarithmic: (n) => 1 + 0.15 * Math.log(1 + n / 200),
      step: (n) => (n < 2500 ? 1 : 1.3),
    };
    let covered = 0;
    let cases = 0;
    for (const [name, f] of Object.entries(truths)) {
      for (let seed = 1; seed <= 40; seed++) {
        const u = mulberry32(seed * 7919 + name.length);
        const ys = Array.from({ length: 200 }, (_, i) => 20 * f((i + 0.5) * B) * Math.exp(0.1 * gauss(u)));
        const seen = ys.slice(0, 50);
        const z = seen.map(Math.log);
        const w = trimWarmup(z).dropped;
        const cliff = detectCliff(z.slice(w), {
          firstKeptBatch: w + 1,
          batchSize: B,
          limit: 1.1,
          z: 1.96,
          minBatches: 10,
        });
        const r = forecastRun({
          objects: seen.map(() => B),
          firstKeptBatch: w + 1,
          cliffBatch: cliff?.batch ?? null,
          series: [{ metric: 'batch', valuesMs: seen }],
          targets: [19_800],
          replicates: 150,
        });
        const p = r.points[0];
        assert.ok(p, `${name} seed ${seed}: no forecast`);
        const last = ys.slice(-4).sort((a, b) => a - b);
        const measured = ((last[1] as number) + (last[2] as number)) / 2;
        cases++;
        if (measured >= p.pi[0] && measured <= p.pi[1]) covered++;
      }
    }
    assert.equal(cases, 200);
    assert.ok(covered / cases >= 0.85, `coverage ${covered}/${cases}`);
  });
});

describe('objectives', () => {
  it('a noiseless linear cost crosses its objective where the line does', () => {
    const s = series(50, (n) => 10 + 0.002 * n);
    const fit = fitForecast(s, 5000, 50)!;
    assert.equal(fit.model, 'linear');
    // 10 + 0.002 n = 30 at n = 10,000
    const c = sloCrossing(fit, 30, s.n[0] as number);
    assert.ok(c);
    assert.ok(Math.abs(c.objects - 10_000) <= 2, `crossed at ${c.objects}`);
    assert.ok(c.pi[0] <= c.objects && c.objects <= c.pi[1]);
  });

  it('a constant cost never crosses an objective above it; a curve already above crosses at once', () => {
    const fit = fitForecast(
      series(50, () => 20),
      5000,
      50,
    )!;
    assert.equal(sloCrossing(fit, 25, 50), null);
    assert.equal(crossingFill(fit.curve, Math.log(10), 50, 500_000), 50);
  });

  it('a run forecast uses the batches after a cliff and skips metrics without data', () => {
    const objects = Array.from({ length: 40 }, () => B);
    const ms = objects.map((_, i) => (i < 20 ? 10 : 20));
    const r = forecastRun({
      objects,
      firstKeptBatch: 1,
      cliffBatch: 21,
      series: [
        { metric: 'batch', valuesMs: ms },
        { metric: 'p95', valuesMs: ms.map(() => Number.NaN) },
      ],
      targets: [8000],
      replicates: 50,
    });
    assert.equal(r.fromBatch, 21);
    assert.equal(r.batchesUsed, 20);
    assert.deepEqual(r.skipped, ['p95']);
    assert.ok(Math.abs((r.points[0]?.estimateMs ?? 0) - 20) < 1e-9);
    assert.equal(fillSeries(objects, ms, 21).n[0], 2050);
  });
});
