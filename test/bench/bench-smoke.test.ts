/**
 * Smoke of the overhead benchmarks (bench/): each script runs in its tiny mode and must produce
 * well-formed results — numbers above zero, the ratio fields present. Benchmarks are not tests:
 * nothing here asserts a time, a ratio's size or a budget.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from '../../bench/lib/result.js';

const RUNNER = fileURLToPath(new URL('../../bench/run.js', import.meta.url));
/** The WebDAV benchmark needs wrk and Apache (Debian packages; scripts/install-system-deps.sh installs them). */
const davSkip =
  existsSync('/usr/bin/wrk') && existsSync('/usr/sbin/apache2')
    ? false
    : process.env.CI
      ? false
      : 'wrk or apache2 not installed';

function runBench(name: string, dir: string): Promise<{ code: number | null; stderr: string; json: string }> {
  const json = join(dir, `${name}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, name, '--tiny', '--json', json, '--out', join(dir, `${name}.md`)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
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
  for (const name of ['http', 'generate', 'record', 'leveldb', 'memory', 'analysis', 'dav', 'scale', 'shard']) {
    it(`${name} produces well-formed results`, { skip: name === 'dav' ? davSkip : false }, async () => {
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
          assert.ok(
            f.figure.length > 0 && f.unit.length > 0 && f.referenceName.length > 0,
            'figure, unit and reference are named',
          );
          positive(f.ours, `${f.figure}: ours`);
          positive(f.reference, `${f.figure}: reference`);
          positive(f.ratio, `${f.figure}: ratio`);
          assert.ok('budget' in f && 'met' in f, `${f.figure}: budget and met fields present`);
          if (f.budget !== null)
            assert.equal(typeof f.met, 'boolean', `${f.figure}: a budgeted figure says met or missed`);
        }
        for (const t of res.tables)
          for (const row of t.rows)
            assert.equal(row.length, t.columns.length, `${t.title}: every row has every column`);
        const md = readFileSync(join(dir, `${name}.md`), 'utf8');
        assert.match(md, /perf-data/, 'the report file carries its data');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe('the autocannon reference client', () => {
  it("with uniquePaths puts every request, warm-up included, to a path of its own shaped like the engine's", async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => {
        res.writeHead(201, { 'content-length': '0' });
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dav`;
    const client = fileURLToPath(new URL('../../bench/http/autocannon-client.js', import.meta.url));
    try {
      const run = (arg: object): Promise<string> =>
        new Promise((resolve, reject) =>
          execFile(process.execPath, [client, JSON.stringify(arg)], { timeout: 60_000 }, (e, out) =>
            e ? reject(e) : resolve(out),
          ),
        );
      const line = JSON.parse(
        (await run({ url, size: 100, concurrency: 3, objects: 30, warmup: 9, uniquePaths: true }))
          .trim()
          .split('\n')
          .pop() as string,
      ) as { failed: number };
      assert.equal(line.failed, 0);
      assert.equal(seen.length, 39);
      assert.equal(new Set(seen).size, 39, 'no path twice');
      for (const s of seen) assert.match(s, /^PUT \/dav\/autocannon-\d+\/o\d+\/D$/);
      seen.length = 0;
      await run({ url, size: 100, concurrency: 2, objects: 10, warmup: 2 });
      assert.deepEqual([...new Set(seen)], ['PUT /dav/autocannon/x'], 'without it, one path for every request');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
