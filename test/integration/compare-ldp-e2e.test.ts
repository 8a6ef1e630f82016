/**
 * `compare` end to end on the LDP reference server: keyed containment (the reference) against
 * document containment (each container's child list rewritten on every insert, so its cost per
 * insert grows with the children; no sleeps), flat layout, 8,000 objects in interleaved batches.
 * The document target gets slower faster than the keyed one as both fill: its scaling verdict is
 * FAIL and the compare exits 1. Both servers are `ingest-scale serve` processes, stopped by PID.
 *
 * 80 batches of 100: on a busy 2-core host the per-batch ratio scatters by 50% or more, and with 40
 * batches of 200 the lower bound of the ratio's growth came out at 0.99 (growth x2.0) on a host at
 * load 14; 80 batches gave a lower bound of 1.59 (x3.1) at load 20. A compare that does not FAIL is
 * measured once more on fresh servers and printed; a document server that really scaled like the
 * keyed one would pass both times, so this still catches a compare that cannot see the growth.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

const WORKLOAD = [
  '-n',
  '8000',
  '--batch-size',
  '100',
  '--datastream',
  'OBJ:512',
  '--layout',
  'flat',
  '--concurrency',
  '4',
];

async function compareOnce(name: string) {
  const servers: ServedProcess[] = [];
  try {
    for (const containment of ['keyed', 'document'])
      servers.push(
        await serve([
          '--protocol',
          'ldp',
          '--containment',
          containment,
          '--data',
          join(tmp.dir, `${name}-${containment}`),
        ]),
      );
    const [keyed, document] = servers as [ServedProcess, ServedProcess];
    const targets = join(tmp.dir, `${name}.json`);
    writeFileSync(
      targets,
      JSON.stringify({
        targets: {
          keyed: { backend: 'ldp', url: keyed.url, flavor: 'fedora6' },
          document: { backend: 'ldp', url: document.url, flavor: 'fedora6' },
        },
      }),
    );
    const db = join(tmp.dir, `${name}.db`);
    const r = await runCli(['compare', '--targets', targets, ...WORKLOAD, '--db', db, '--json']);
    assert.ok(r.stdout, `compare printed nothing (exit ${r.code}): ${r.stderr}`);
    return { code: r.code, answer: JSON.parse(r.stdout), db };
  } finally {
    for (const s of servers) assert.equal(await s.stop(), 0);
  }
}

test(
  'keyed (reference) against document containment, flat, 8,000 objects: scaling FAIL for document, exit 1',
  { timeout: 900_000 },
  async (t) => {
    let { code, answer, db } = await compareOnce('first');
    const say = (a: typeof answer): string =>
      `document: scaling ${a.scaling.put.document.verdict} x${a.scaling.put.document.growthRatio?.toFixed(2)} [${a.scaling.put.document.ci.map((v: number) => v.toFixed(2)).join(', ')}], level x${a.level.put.document.estimate?.toFixed(2)}`;
    t.diagnostic(say(answer));
    if (answer.scaling.put.document.verdict !== 'FAIL') {
      ({ code, answer, db } = await compareOnce('again'));
      t.diagnostic(`measured again: ${say(answer)}`);
    }
    assert.equal(answer.scaling.put.document.verdict, 'FAIL', JSON.stringify(answer.scaling));
    assert.ok(answer.scaling.put.document.ci[0] > 1.1);
    assert.equal(answer.verdict, 'FAIL');
    assert.equal(code, 1);
    assert.deepEqual(answer.targets, ['keyed', 'document']);
    assert.equal(answer.reference, 'keyed');
    assert.equal(answer.batches, 80);
    assert.equal(answer.comparedBatches, 79);
    // the document target is slower in level too (its child lists grow from the first batch)
    assert.ok(answer.level.put.document.estimate > 1, JSON.stringify(answer.level));
    // each target's fill is a normal run: check works on it
    const check = await runCli(['check', answer.runs.document, '--db', db, '--json']);
    assert.ok([0, 1, 3].includes(check.code ?? -1), check.stderr);
    assert.equal(JSON.parse(check.stdout).runId, answer.runs.document);
  },
);
