/**
 * The honest proof that the whole pipeline sees real superlinear slowdown: `serve --protocol ldp`
 * with document containment (each container's child list rewritten on every insert, the ModeShape
 * failure mode) against keyed containment, the same flat workload through the real binary. The
 * document server's cost per insert genuinely grows with the children (no sleeps): the run stops
 * early with FAIL (exit 1) and records where; the keyed server runs to the end and passes.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { serve } from '../helpers/serve.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

// 40 batches of 400: the document server's cost shows only once its child list has grown (the first
// batches are flat), so the early look (z = 3.72) is sure of it at batch 17–23 of 40 on a quiet machine;
// with 25 planned batches it became sure at batch 13–16, too close to the end to survive a busy host.
const WORKLOAD = [
  '-n',
  '16000',
  '--batch-size',
  '400',
  '--datastream',
  'OBJ:512',
  '--layout',
  'flat',
  '--concurrency',
  '4',
];
const PLANNED = 40;

async function runAgainst(containment: 'keyed' | 'document', dataDir: string = containment) {
  const server = await serve(['--protocol', 'ldp', '--containment', containment, '--data', join(tmp.dir, dataDir)]);
  try {
    const db = join(tmp.dir, 'results.db');
    const r = await runCli([
      'run',
      '--backend',
      'ldp',
      '--flavor',
      'fedora6',
      '--url',
      server.url,
      ...WORKLOAD,
      '--db',
      db,
      '--json',
      '--label',
      containment,
    ]);
    assert.ok(r.stdout, r.stderr);
    const out = JSON.parse(r.stdout);
    const check = await runCli(['check', out.runId, '--db', db, '--json']);
    return { out, code: r.code, check: { code: check.code, json: JSON.parse(check.stdout) } };
  } finally {
    assert.equal(await server.stop(), 0);
  }
}

test(
  'document containment: the run stops early with FAIL, and check on it gives the same FAIL',
  { timeout: 600_000 },
  async () => {
    const { out, code, check } = await runAgainst('document');
    assert.equal(out.verdict, 'FAIL', JSON.stringify(out));
    assert.equal(code, 1);
    assert.equal(out.status, 'stopped-early');
    assert.ok(out.batches < PLANNED, `stopped at batch ${out.batches} of ${PLANNED}`);
    assert.equal(out.stoppedEarly.batch, out.batches);
    assert.ok(out.stoppedEarly.lowerBound > 1.1);
    assert.ok(out.stoppedEarly.shareOfPlannedTime > 0 && out.stoppedEarly.shareOfPlannedTime < 1);
    assert.equal(check.code, 1);
    assert.equal(check.json.verdict, 'FAIL');
    assert.equal(check.json.status, 'stopped-early');
  },
);

test('keyed containment: the same workload runs to the end and passes (or warns)', { timeout: 600_000 }, async (t) => {
  // A real measurement on a shared machine: once in several CI runs, load that rose during the 10 s
  // run gave the keyed server a FAIL (growth 1.6x, Kendall tau 0.56; its growth is 0.9–1.1x in
  // isolated runs). A FAIL, or an INCONCLUSIVE where other work on the host rose during the run, is
  // measured once more on a fresh server and data directory; the first is printed. A keyed server
  // that really slowed down fails both times, so this test still catches it.
  let { out, code } = await runAgainst('keyed');
  if (out.verdict === 'FAIL' || out.verdict === 'INCONCLUSIVE') {
    t.diagnostic(`first keyed run: ${out.verdict}, measured again: ${JSON.stringify(out)}`);
    ({ out, code } = await runAgainst('keyed', 'keyed-again'));
  }
  assert.equal(out.status, 'completed', JSON.stringify(out));
  assert.equal(out.batches, PLANNED);
  assert.ok(['PASS', 'WARN'].includes(out.verdict), `keyed verdict ${out.verdict}: ${JSON.stringify(out)}`);
  assert.equal(code, 0);
});
