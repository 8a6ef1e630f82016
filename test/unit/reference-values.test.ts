/**
 * The golden numbers of docs/growth-gate.md, confirmed by an independent implementation:
 * scripts/reference-values.py computes them with scipy.stats.theilslopes (Debian's python3-scipy,
 * which scripts/install-system-deps.sh installs) and compares here with src/analysis/. Skipped, with
 * the reason shown, where /usr/bin/python3 has no scipy.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { theilSen } from '../../src/analysis/theil-sen.js';
import { batchIndices } from '../../src/analysis/warmup-trim.js';
import { FEDORA3, FEDORA4 } from '../helpers/series.js';

const PYTHON = '/usr/bin/python3';
const scipy = spawnSync(PYTHON, ['-c', 'import scipy'], { encoding: 'utf8' });
const skip = scipy.status === 0 ? false : 'python3-scipy is not installed (scripts/install-system-deps.sh installs it)';

interface Fit {
  slope: number;
  ci: [number, number];
}
interface Reference {
  untrimmedRaw: Fit;
  untrimmedLog: Fit;
  gate: {
    warmupDropped: number;
    slope: number;
    slopeCi: [number, number];
    growthRatio: number;
    ci: [number, number];
    perThousandObjects: number;
    exponentK: number;
    exponentKCi: [number, number];
    verdict: string;
  };
}

function reference(): Record<string, Reference> {
  const r = spawnSync(PYTHON, ['scripts/reference-values.py', 'fixtures/series/fedora3-vs-fedora4.csv', '1000'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Record<string, Reference>;
}

/** Equal to 1e-9 relative: the same order statistics of the same pairwise slopes. */
function close(actual: number, expected: number, what: string): void {
  assert.ok(
    Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)),
    `${what}: ${actual} vs scipy ${expected}`,
  );
}

const SERIES: [string, readonly number[]][] = [
  ['fedora3_ms', FEDORA3],
  ['fedora4_minimal_ms', FEDORA4],
];

test('Theil–Sen slope and Sen CI equal scipy.stats.theilslopes on the published series (raw and ln)', { skip }, () => {
  const ref = reference();
  for (const [column, series] of SERIES) {
    const want = ref[column];
    assert.ok(want, column);
    const x = batchIndices(1, series.length);
    const raw = theilSen(x, series);
    close(raw.slope, want.untrimmedRaw.slope, `${column} raw slope`);
    close(raw.lower, want.untrimmedRaw.ci[0], `${column} raw lower`);
    close(raw.upper, want.untrimmedRaw.ci[1], `${column} raw upper`);
    const logs = theilSen(x, series.map(Math.log));
    close(logs.slope, want.untrimmedLog.slope, `${column} ln slope`);
    close(logs.lower, want.untrimmedLog.ci[0], `${column} ln lower`);
    close(logs.upper, want.untrimmedLog.ci[1], `${column} ln upper`);
  }
});

test(
  'the whole gate (trim, R and CI, per 1,000 objects, k, verdict) equals the independent implementation',
  { skip },
  () => {
    const ref = reference();
    for (const [column, series] of SERIES) {
      const want = ref[column]?.gate;
      assert.ok(want, column);
      const r = growthGate(series, { batchSize: 1000 });
      assert.equal(r.warmupDropped, want.warmupDropped, `${column} warm-up`);
      close(r.slope, want.slope, `${column} slope`);
      close(r.slopeCi[0], want.slopeCi[0], `${column} slope lower`);
      close(r.slopeCi[1], want.slopeCi[1], `${column} slope upper`);
      close(r.growthRatio, want.growthRatio, `${column} R`);
      close(r.ci[0], want.ci[0], `${column} R lower`);
      close(r.ci[1], want.ci[1], `${column} R upper`);
      close(r.perThousandObjects, want.perThousandObjects, `${column} per 1,000`);
      close(r.exponentK, want.exponentK, `${column} k`);
      close(r.exponentKCi[0], want.exponentKCi[0], `${column} k lower`);
      close(r.exponentKCi[1], want.exponentKCi[1], `${column} k upper`);
      assert.equal(r.verdict, want.verdict, `${column} verdict`);
    }
  },
);
