/**
 * Smoke of the overhead benchmarks (bench/): each script runs in its tiny mode and must produce
 * well-formed results — numbers above zero, the ratio fields present. Benchmarks are not tests:
 * nothing here asserts a time, a ratio's size or a budget.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from '../../bench/lib/result.js';

const RUNNER = fileURLToPath(new URL('../../bench/run.js', import.meta.url));

function runBench(name: string, dir: string): Promise<{ code: number | null; stderr: string; json: string }> {
  const json = join(dir, `${name}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, name, '--tiny', '--json', json, '--out', join(dir, `${name}.md`)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr, json }));
  });
}

const positive = (x: unknown, what: string): void => {
  assert.equal(typeof x, 'number', `${what} is a number`);
  assert.ok(Number.isFinite(x) && (x as number) > 0, `${what} = ${String(x)} is a finite number above zero`);
};

describe('benchmark scripts (tiny mode: shape only, never a time or a budget)', () => {
  for (const name of ['http', 'generate', 'record', 'leveldb', 'memory', 'analysis']) {
    it(`${name} produces well-formed results`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-bench-smoke-'));
      try {
        const r = await runBench(name, dir);
        assert.equal(r.code, 0, `bench ${name} exited ${r.code}: ${r.stderr.slice(-2000)}`);
        const out = JSON.parse(readFileSync(r.json, 'utf8')) as { mode: string; results: BenchResult[] };
        assert.equal(out.mode, 'tiny');
        assert.equal(out.results.length, 1);
        const res = out.results[0] as BenchResult;
        assert.equal(res.name, name);
        assert.ok(res.title.length > 0 && res.method.length > 0, 'title and method are described');
        assert.ok(res.figures.length > 0, 'at least one figure');
        for (const f of res.figures) {
          assert.ok(f.figure.length > 0 && f.unit.length > 0 && f.referenceName.length > 0, 'figure, unit and reference are named');
          positive(f.ours, `${f.figure}: ours`);
          positive(f.reference, `${f.figure}: reference`);
          positive(f.ratio, `${f.figure}: ratio`);
          assert.ok('budget' in f && 'met' in f, `${f.figure}: budget and met fields present`);
          if (f.budget !== null) assert.equal(typeof f.met, 'boolean', `${f.figure}: a budgeted figure says met or missed`);
        }
        for (const t of res.tables) for (const row of t.rows) assert.equal(row.length, t.columns.length, `${t.title}: every row has every column`);
        const md = readFileSync(join(dir, `${name}.md`), 'utf8');
        assert.match(md, /perf-data/, 'the report file carries its data');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
