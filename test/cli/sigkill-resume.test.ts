/**
 * Resume and clean after a crash (docs/run-lifecycle.md, "Resume"): `run` killed with SIGKILL at 20 seeded random
 * points — against the embedded store, against `serve --protocol http-put` and against `serve --protocol ldp` (Fedora
 * 6 flavor: deletes leave tombstones), through the real binary. At each point: the results database opens and passes
 * SQLite's integrity check, every recorded batch is whole (numbered 1..k, its summary matching its operation rows),
 * `check` says INCONCLUSIVE (exit 3), never PASS; then `run --resume` (itself killed too at some points) completes
 * the run with its id and batches numbered on, and every planned object holds the bytes of an uninterrupted run —
 * read back from the target, not taken from the records — with nothing else under the run; `clean` then leaves no
 * trace of the run on the target.
 *
 * A point is (batches recorded, then a seeded fraction of the run's own mean batch time): measured
 * from the database while it runs, so a loaded host moves the kill with the run instead of past it.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { mulberry32 } from '../../src/generate/mulberry32.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { all, storedIds } from '../helpers/kill-run.js';
import { killAt, readBackAll, recordedRun, type KillPoint } from '../helpers/kill-point.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

const POINTS = 20;
const OBJECTS = 240;
const BATCH = 12; // 20 planned batches
const TARGETS = ['leveldb', 'http-put', 'ldp'] as const;
type Target = (typeof TARGETS)[number];

let tmp: ReturnType<typeof tempDir>;
const servers: Partial<Record<Target, ServedProcess>> = {};
before(async () => {
  tmp = tempDir();
  servers['http-put'] = await serve(['--protocol', 'http-put', '--base-cost', '1ms']);
  servers.ldp = await serve(['--protocol', 'ldp', '--data', join(tmp.dir, 'ldp-server')]);
});
after(async () => {
  for (const s of Object.values(servers)) await s.stop();
  tmp.cleanup();
});

function targetArgs(target: Target, dir: string): string[] {
  if (target === 'leveldb') return ['--data', join(dir, 'store')];
  const url = (servers[target] as ServedProcess).url;
  return target === 'ldp'
    ? ['--backend', 'ldp', '--url', url, '--flavor', 'fedora6']
    : ['--backend', 'http-put', '--url', url];
}

/** Object ids under the run on its target (not from the records). */
async function idsOnTarget(target: Target, dir: string, id: string): Promise<string[] | 'gone'> {
  if (target === 'leveldb') return storedIds(join(dir, 'store'));
  const url = (servers[target] as ServedProcess).url;
  if (target === 'http-put') {
    const r = await fetch(`${url}/ingest-scale-${id}/`);
    if (r.status === 404) return 'gone';
    return (await r.text())
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => l.replace(/\/$/, ''));
  }
  const r = await fetch(`${url}/ingest-scale-${id}`, { headers: { accept: 'text/turtle' } });
  if (r.status === 404 || r.status === 410) return 'gone';
  const turtle = await r.text();
  return [...turtle.matchAll(/<([^>]*)>/g)]
    .map((m) => m[1] ?? '')
    .filter((iri) => iri.includes(`/ingest-scale-${id}/`))
    .map((iri) => iri.slice(iri.lastIndexOf('/') + 1));
}

/** The database opens (through the tool too, when `viaCli`), is intact, and holds k whole batches numbered 1..k. */
async function assertIntact(db: string, id: string, viaCli = false): Promise<number> {
  if (viaCli) {
    const runs = await runCli(['runs', '--db', db, '--json']);
    assert.equal(runs.code, 0, runs.stderr);
  }
  const [integrity] = await all<{ integrity_check: string }>(db, 'PRAGMA integrity_check');
  assert.equal(integrity?.integrity_check, 'ok');
  const batches = await all<{
    idx: number;
    objects: number;
    ok_ops: number;
    failed_ops: number;
    rows: number;
    lo: number | null;
    hi: number | null;
  }>(
    db,
    `SELECT b.idx, b.objects, b.ok_ops, b.failed_ops,
       (SELECT COUNT(*) FROM ops o WHERE o.run_id = b.run_id AND o.batch_idx = b.idx AND o.kind IN ('create-object', 'add-datastream', 'begin-tx', 'commit') AND o.status != 'retried') AS rows,
       (SELECT MIN(object_index) FROM ops o WHERE o.run_id = b.run_id AND o.batch_idx = b.idx AND o.kind = 'add-datastream') AS lo,
       (SELECT MAX(object_index) FROM ops o WHERE o.run_id = b.run_id AND o.batch_idx = b.idx AND o.kind = 'add-datastream') AS hi
     FROM batches b WHERE b.run_id = '${id}' ORDER BY b.idx`,
  );
  batches.forEach((b, i) => {
    assert.equal(b.idx, i + 1, 'batches numbered 1..k without a gap');
    assert.equal(b.objects, BATCH);
    assert.equal(b.rows, b.ok_ops + b.failed_ops, `batch ${b.idx}: its summary counts its operation rows`);
    assert.deepEqual([b.lo, b.hi], [i * BATCH, (i + 1) * BATCH - 1], `batch ${b.idx}: the objects of its own slice`);
  });
  return batches.length;
}

// the points: target, batches before the kill, how far into the next batch; some resumes killed too
const rand = mulberry32(20261215);
const points = Array.from({ length: POINTS }, (_, i) => ({
  target: TARGETS[i % TARGETS.length] as Target,
  kill: { afterBatches: 1 + Math.floor(rand() * 12), fraction: rand() * 1.5 } satisfies KillPoint,
  // the resume killed too: after 1-3 batches of its own
  killResume: rand() < 0.25 ? { more: 1 + Math.floor(rand() * 3), fraction: rand() * 1.5 } : null,
}));

points.forEach((p, i) => {
  test(
    `kill point ${i + 1}/${POINTS}: ${p.target}, after batch ${p.kill.afterBatches} + ${p.kill.fraction.toFixed(2)} of a batch${p.killResume ? `, the resume killed after ${p.killResume.more} more` : ''}`,
    { timeout: 180_000 },
    async (t) => {
      const dir = join(tmp.dir, `p${i}`);
      const db = join(dir, 'r.db');
      const workload = [
        '-n',
        String(OBJECTS),
        '--batch-size',
        String(BATCH),
        '--concurrency',
        '3',
        '--datastream',
        'D:uniform:100-3000',
        '--datastream',
        'M:200:compressible',
        '--verify',
        'readback',
        '--no-stop-early',
        '--seed',
        String(i + 1),
      ];
      const killed = await killAt(
        tmp.dir,
        ['run', ...workload, ...targetArgs(p.target, dir), '--db', db, '--no-progress'],
        p.kill,
      );
      assert.equal(killed.endedFirst, false, `the run ended before its kill point: ${killed.stderr}`);
      const run = await recordedRun(db);

      const k = await assertIntact(db, run.id, true);
      const [open] = await all<{ n: number }>(
        db,
        `SELECT COUNT(*) AS n FROM intents WHERE run_id = '${run.id}' AND batch_idx > ${k}`,
      );
      t.diagnostic(open?.n ? `killed inside batch ${k + 1}` : `killed between batches, after batch ${k}`);
      assert.ok(k >= p.kill.afterBatches && k < OBJECTS / BATCH, `${k} batches recorded`);
      const check = await runCli(['check', run.id, '--db', db]);
      assert.equal(check.code, 3, `an unfinished run is INCONCLUSIVE: ${check.stdout}${check.stderr}`);
      // its verdict heads the output; the fixed rule's own line below it is shown as "not the verdict"
      assert.match(
        check.stdout,
        /^INCONCLUSIVE {2}run \S+ stopped at batch \d+ of 20 .*interrupted \(its process is gone\)\n.*\n.*`ingest-scale run --resume /,
      );

      if (p.killResume) {
        const point = {
          afterBatches: Math.min(k + p.killResume.more, OBJECTS / BATCH - 3),
          fraction: p.killResume.fraction,
        };
        const again = await killAt(tmp.dir, ['run', '--resume', run.id, '--db', db, '--no-progress'], point);
        assert.equal(again.endedFirst, false, `the resume ended before its kill point: ${again.stderr}`);
        await assertIntact(db, run.id);
        const recheck = await runCli(['check', run.id, '--db', db]);
        assert.equal(recheck.code, 3, `a resume killed is still unfinished: ${recheck.stdout}${recheck.stderr}`);
      }
      const resumed = await runCli(['run', '--resume', run.id, '--db', db, '--json', '--no-chart']);
      assert.ok([0, 1, 3].includes(resumed.code ?? -1), resumed.stdout + resumed.stderr);
      const out = JSON.parse(resumed.stdout) as {
        runId: string;
        status: string;
        batches: number;
        objects: number;
        failedOps: number;
      };
      assert.deepEqual(
        [out.runId, out.status, out.batches, out.objects, out.failedOps],
        [run.id, 'completed', OBJECTS / BATCH, OBJECTS, 0],
      );
      assert.equal(await assertIntact(db, run.id), OBJECTS / BATCH, 'every batch once, numbered on');
      const [verify] = await all<{ ok: number; bad: number }>(
        db,
        `SELECT SUM(status = 'ok') AS ok, SUM(status != 'ok') AS bad FROM ops WHERE run_id = '${run.id}' AND kind = 'verify'`,
      );
      assert.deepEqual([verify?.ok, verify?.bad], [OBJECTS * 2, 0], 'readback passed on every datastream');

      // the target itself: exactly the planned objects, each with the bytes of an uninterrupted run
      const prefix = `${run.id.slice(0, 6)}-`;
      const ids = await idsOnTarget(p.target, dir, run.id);
      assert.notEqual(ids, 'gone');
      assert.deepEqual(
        new Set(ids),
        new Set(Array.from({ length: OBJECTS }, (_, j) => `${prefix}${j}`)),
        'the object set of an uninterrupted run',
      );
      assert.deepEqual(await readBackAll(run), [], 'every datastream holds its bytes');

      const clean = await runCli(['clean', run.id, '--db', db, ...(p.target === 'ldp' ? ['--purge-tombstones'] : [])]);
      assert.equal(clean.code, 0, clean.stdout + clean.stderr);
      const left = await idsOnTarget(p.target, dir, run.id);
      if (p.target === 'leveldb') assert.deepEqual(left, [], 'the embedded store is empty');
      else assert.equal(left, 'gone', "the run's container or collection is gone");
    },
  );
});
