/**
 * Read-side probes end to end through the real binary (docs/probes.md). Against the embedded store:
 * every probe kind recorded and judged, cold and warm reads, and the ingest statistics untouched
 * by probe operations. Against `serve --protocol ldp --containment document` with a flat layout:
 * the run container's listing grows with its children, so the `list` probe FAILs and
 * `check --gate-probes` exits 1 while plain `check` keeps the ingest verdict's exit code.
 * `--probe-stop-above` stops a run whose GET probes (8 MiB, read and hashed) exceed 1 ms.
 * Against the document server the run is the one docs/probes.md shows: 8,000 objects, flat, in 20 batches of 400 with
 * 4 probes of each kind per batch (about 80 s on a 2-core machine at load 13, most of it the
 * server's growing container documents).
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { exitCodeForVerdict } from '../../src/exit-codes.js';
import { LnLatencyAccumulator } from '../../src/analysis/ln-latency.js';
import { ResultsStore } from '../../src/store/results-store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { nginxInstalled, startNginx } from '../helpers/nginx-peer.js';
import { serve } from '../helpers/serve.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

const KINDS = ['get', 'head', 'range', 'list', 'update', 'delete'];

test(
  'run --probe all on the embedded store: a verdict per kind, cold and warm GET, ingest statistics without probes',
  { timeout: 300_000 },
  async () => {
    const db = join(tmp.dir, 'embedded.db');
    const r = await runCli([
      'run',
      '-n',
      '1200',
      '--batch-size',
      '100',
      '--probe',
      'all',
      '--probe-sample',
      '4',
      '--db',
      db,
      '--json',
    ]);
    assert.ok(r.stdout, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.status, 'completed', r.stdout);
    assert.equal(r.code, exitCodeForVerdict(out.verdict), "the exit code is the ingest verdict's");
    assert.deepEqual(Object.keys(out.probes).sort(), [...KINDS].sort());
    for (const k of KINDS) {
      assert.ok(['PASS', 'WARN', 'FAIL', 'INCONCLUSIVE'].includes(out.probes[k].verdict), k);
      assert.equal(out.probes[k].batches, 12, k);
      assert.ok(out.probes[k].coldMedianMs > 0, k);
    }
    assert.ok(out.probes.get.warmMedianMs > 0);
    assert.equal(out.probes.head.warmMedianMs, null);

    const check = await runCli(['check', out.runId, '--db', db, '--json']);
    const json = JSON.parse(check.stdout);
    assert.deepEqual(Object.keys(json.probes).sort(), [...KINDS].sort());
    assert.equal(json.probes.get.verdict, out.probes.get.verdict);

    // probes are stored in each batch's transaction, and never counted by the ingest gate
    const store = await ResultsStore.open(db, 'read');
    try {
      const stats = (await store.opDurations(out.runId, () => new LnLatencyAccumulator())).stats();
      const batches = await store.batches(out.runId);
      for (const b of batches) {
        assert.equal(b.okOps, 300, `batch ${b.index}: 100 objects, 3 ingest operations each`);
        assert.equal(stats.get(b.index)?.n, 300, `batch ${b.index}: latency statistics of ingest operations only`);
        const kinds = new Set((await store.ops(out.runId, b.index)).map((o) => o.kind));
        for (const k of [
          'probe-get',
          'probe-get-warm',
          'probe-head',
          'probe-range',
          'probe-list',
          'probe-update',
          'probe-create',
          'probe-delete',
        ])
          assert.ok(kinds.has(k as never), `batch ${b.index} has ${k}`);
      }
    } finally {
      await store.close();
    }
  },
);

test(
  'LDP document containment, flat: the list probe FAILs as the container grows; check --gate-probes exits 1',
  { timeout: 600_000 },
  async () => {
    const server = await serve(['--protocol', 'ldp', '--containment', 'document', '--data', join(tmp.dir, 'ldp')]);
    const db = join(tmp.dir, 'ldp.db');
    try {
      const r = await runCli([
        'run',
        '--backend',
        'ldp',
        '--flavor',
        'fedora6',
        '--url',
        server.url,
        '-n',
        '8000',
        '--batch-size',
        '400',
        '--datastream',
        'OBJ:512',
        '--layout',
        'flat',
        '--probe',
        'all',
        '--probe-sample',
        '4',
        '--no-stop-early', // the wall time grows with the container too: an early FAIL would end the run before 20 batches
        '--db',
        db,
        '--json',
      ]);
      assert.ok(r.stdout, r.stderr);
      const out = JSON.parse(r.stdout);
      assert.equal(out.objects, 8000, r.stdout);
      assert.equal(out.probes.list.batches, 20);
      assert.equal(out.probes.list.verdict, 'FAIL', JSON.stringify(out.probes));
      assert.ok(out.probes.list.ci[0] > 1.1, JSON.stringify(out.probes.list));
      const plain = await runCli(['check', out.runId, '--db', db]);
      assert.equal(
        plain.code,
        exitCodeForVerdict(out.verdict),
        "without --gate-probes the exit code stays the ingest verdict's",
      );
      assert.match(plain.stdout, /^ {2}list +FAIL/m);
      const gated = await runCli(['check', out.runId, '--db', db, '--gate-probes']);
      assert.equal(gated.code, 1, gated.stdout + gated.stderr);
    } finally {
      assert.equal(await server.stop(), 0);
    }
  },
);

test(
  '--probe-stop-above stops the run (stopped-early, FAIL, exit 1) with the probe kind and its median',
  { timeout: 300_000 },
  async () => {
    const db = join(tmp.dir, 'stop.db');
    // reading and hashing 8 MiB takes well over a millisecond on any machine: the first batch's probes stop the run
    const r = await runCli([
      'run',
      '-n',
      '20',
      '--batch-size',
      '2',
      '--datastream',
      'OBJ:8MiB',
      '--probe',
      'get',
      '--probe-sample',
      '2',
      '--probe-stop-above',
      '1ms',
      '--db',
      db,
      '--json',
    ]);
    const out = JSON.parse(r.stdout);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(out.status, 'stopped-early');
    assert.equal(out.verdict, 'FAIL');
    assert.equal(out.batches, 1);
    assert.equal(out.stoppedEarly.probe.kind, 'get');
    assert.equal(out.stoppedEarly.probe.limitMs, 1);
    assert.ok(out.stoppedEarly.probe.medianMs > 1);
    const check = await runCli(['check', out.runId, '--db', db]);
    assert.equal(check.code, 1);
    assert.match(
      check.stdout,
      /^FAIL {2}stopped at batch 1 of 10: the get probe's median latency .* is above --probe-stop-above 1\.0 ms\n/,
    );
  },
);

test('probe flags are checked before anything runs: an unknown kind, and --probe-sample without --probe, exit 2', async () => {
  const db = join(tmp.dir, 'usage.db');
  const bad = await runCli(['run', '-n', '10', '--probe', 'get,peek', '--db', db]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--probe "get,peek": "peek" is not a probe kind/);
  const stray = await runCli(['run', '-n', '10', '--probe-sample', '3', '--db', db]);
  assert.equal(stray.code, 2);
  assert.match(stray.stderr, /--probe-sample needs --probe/);
});

test('chart --probe draws a probe kind per batch (get: cold and warm lines); a run without it, or an unknown kind, exits 2', async () => {
  const db = join(tmp.dir, 'chart.db');
  const r = await runCli([
    'run',
    '-n',
    '300',
    '--batch-size',
    '30',
    '--probe',
    'get,head',
    '--probe-sample',
    '3',
    '--db',
    db,
    '--json',
  ]);
  const out = JSON.parse(r.stdout);
  const get = await runCli(['chart', out.runId, '--db', db, '--probe', 'get', '--width', '80']);
  assert.equal(get.code, 0, get.stderr);
  assert.match(get.stdout, /get probe, cold median per batch/);
  assert.match(get.stdout, /get probe, warm median per batch/);
  assert.match(get.stdout, /300 objects stored/);
  const head = await runCli(['chart', out.runId, '--db', db, '--probe', 'head', '--width', '80']);
  assert.match(head.stdout, /head probe, median per batch/);
  const none = await runCli(['chart', out.runId, '--db', db, '--probe', 'list']);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /has no list probes/);
  const bad = await runCli(['chart', out.runId, '--db', db, '--probe', 'peek']);
  assert.equal(bad.code, 2);
});

test(
  '--probe list against a WebDAV server without PROPFIND (nginx dav_methods) is refused before anything is written: exit 2',
  { skip: nginxInstalled() ? false : 'nginx not installed' },
  async () => {
    const peer = await startNginx();
    try {
      const r = await runCli([
        'run',
        '--backend',
        'http-put',
        '--url',
        peer.url,
        '-n',
        '10',
        '--batch-size',
        '1',
        '--probe',
        'get,list',
        '--db',
        join(tmp.dir, 'nginx.db'),
      ]);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /--probe list: backend http-put cannot list .* PROPFIND with HTTP 405/);
      assert.match(r.stderr, /drop list from --probe/);
      assert.deepEqual(readdirSync(peer.root), [], 'nothing written to the server');
    } finally {
      await peer.stop();
    }
  },
);
