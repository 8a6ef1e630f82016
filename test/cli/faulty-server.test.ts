/**
 * Faults and the error budget (docs/run-lifecycle.md), end to end: against the faulty store (the http-put reference
 * server with seeded 503s, resets, hung requests and slow answers, in this process so its own fault counts can be
 * read), `run` finishes — every hung request ended by --request-timeout, so the run is bounded by the faults it
 * meets, not by the server — with every failure recorded: each injected fault is one recorded attempt (a `retried`
 * row, or the operation's final `failed` row), and the verdict names the error budget with the codes that spent it.
 * With no budget to spend, the same faults fail the run (exit 4) at the batch where the budget ran out, naming it.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startHttpPutServer, type HttpPutServer } from '../../src/servers/http-put/http-put-server.js';
import { parseFaults } from '../../src/servers/http-put/faults.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { all } from '../helpers/kill-run.js';

let tmp: ReturnType<typeof tempDir>;
let server: HttpPutServer;
before(async () => {
  tmp = tempDir();
  server = await startHttpPutServer({ faults: parseFaults('503:4%,reset:2%,hang:1%,slow:20ms:5%'), seed: 15 });
});
after(async () => {
  await server.close();
  tmp.cleanup();
});

// PUT only (no MKCOL, no readback): every request the faults can touch is an ingest attempt
const args = (db: string): string[] => [
  'run',
  '--backend',
  'http-put',
  '--url',
  server.url,
  '--collections',
  'none',
  '-n',
  '400',
  '--batch-size',
  '20',
  '--datastream',
  'D:512',
  '--request-timeout',
  '3s',
  '--no-stop-early',
  '--db',
  db,
];

test(
  'faults within the budget: the run completes, every injected fault is a recorded attempt, the verdict names the error budget',
  { timeout: 300_000 },
  async () => {
    const db = join(tmp.dir, 'within.db');
    const before503 = server.faultCounts['503'];
    const beforeAll = server.faultCounts['503'] + server.faultCounts.reset + server.faultCounts.hang;
    const r = await runCli([...args(db), '--retries', '1', '--max-error-rate', '0.05', '--no-chart']);
    assert.ok([0, 1, 3].includes(r.code ?? -1), r.stdout + r.stderr);
    assert.match(r.stdout, /^run \S+ completed: 400 objects/m);

    const injected = server.faultCounts['503'] + server.faultCounts.reset + server.faultCounts.hang - beforeAll;
    const rows = await all<{ status: string; code: string; n: number }>(
      db,
      "SELECT status, error_code AS code, COUNT(*) AS n FROM ops WHERE status != 'ok' GROUP BY status, error_code",
    );
    const recorded = rows.reduce((s, x) => s + x.n, 0);
    const of = (code: string): number => rows.filter((x) => x.code === code).reduce((s, x) => s + x.n, 0);
    assert.ok(server.faultCounts['503'] - before503 > 0 && injected > 0, 'the server did inject faults');
    assert.equal(of('E_HTTP_503'), server.faultCounts['503'] - before503, 'each 503 is one recorded attempt');
    // a request slowed by a loaded host past the timeout is recorded too: never fewer rows than faults
    assert.ok(recorded >= injected, `${recorded} failed or retried attempts recorded for ${injected} injected faults`);
    assert.ok(
      rows.every((x) => ['E_HTTP_503', 'ECONNRESET', 'E_TIMEOUT'].includes(x.code)),
      JSON.stringify(rows),
    );

    const [b] = await all<{ failed: number }>(db, 'SELECT SUM(failed_ops) AS failed FROM batches');
    const failed = rows.filter((x) => x.status === 'failed').reduce((s, x) => s + x.n, 0);
    assert.equal(b?.failed, failed, "the batches' failure counts are the failed rows");
    const budget =
      /^error budget: (\d+) of ([\d,]+) operations failed \(([\d.]+)%, within the 5\.0% budget\)(?:: (.*?))?(?:; ([\d,]+) retried)?$/m.exec(
        r.stdout,
      );
    assert.ok(budget, `the verdict names the error budget:\n${r.stdout}`);
    assert.equal(Number(budget[1]), failed);
    if (failed > 0) assert.match(budget[4] ?? '', /E_HTTP_503|ECONNRESET|E_TIMEOUT/, 'and the codes that spent it');
  },
);

test(
  'the same faults with no budget: exit 4 at the batch where it ran out, naming the budget and the codes',
  { timeout: 300_000 },
  async () => {
    const db = join(tmp.dir, 'none.db');
    const r = await runCli([...args(db), '--retries', '0', '--max-error-rate', '0']);
    assert.equal(r.code, 4, r.stdout + r.stderr);
    assert.match(r.stderr, /operations failed \([\d.]+%, above the 0\.0% budget\) by batch (\d+); errors: /);
    const [run] = await all<{ status: string; n: number }>(
      db,
      'SELECT status, (SELECT COUNT(*) FROM batches) AS n FROM runs',
    );
    assert.equal(run?.status, 'failed');
    assert.ok((run?.n ?? 0) < 20, 'it stopped before the planned end');
  },
);
