/** workloadDifferences / compareWorkloads (src/workload/workload-diff.ts): which differences refuse a comparison. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareWorkloads, workloadDifferences, workloadNotes } from '../../src/workload/workload-diff.js';
import { defaultWorkload } from '../../src/workload/defaults.js';

const base = () => JSON.parse(JSON.stringify(defaultWorkload())) as Record<string, any>;

test('identical workloads are comparable', () => {
  assert.deepEqual(compareWorkloads(base(), base()), { refusals: [], notes: [] });
});

test('batch size, concurrency, layout and verify mode refuse', () => {
  const b = base();
  b.batchSize = 500;
  b.concurrency = 8;
  b.layout = 'pairtree';
  b.verify = 'readback';
  assert.deepEqual(workloadDifferences(base(), b), [
    'batch size: candidate 100, baseline 500',
    'layout: candidate flat, baseline pairtree',
    'concurrency: candidate 4, baseline 8',
    'verify mode: candidate none, baseline readback',
  ]);
});

test('datastreams: count, ids, sizes and content kinds refuse; MIME types are notes', () => {
  const fewer = base();
  fewer.datastreams = fewer.datastreams.slice(0, 1);
  assert.deepEqual(workloadDifferences(base(), fewer), ['datastream count: candidate 2 (OBJ, META), baseline 1 (OBJ)']);

  const renamed = base();
  renamed.datastreams[1].id = 'DC';
  assert.deepEqual(workloadDifferences(base(), renamed), ['datastream ids: candidate OBJ, META, baseline OBJ, DC']);

  const changed = base();
  changed.datastreams[0].size = { kind: 'fixed', bytes: 16384 };
  changed.datastreams[1].contentKind = 'random';
  changed.datastreams[1].mime = 'application/xml';
  const c = compareWorkloads(base(), changed);
  assert.deepEqual(c.refusals, [
    'datastream OBJ size: candidate lognormal:16KiB:0.5, baseline 16KiB',
    'datastream META content kind: candidate compressible, baseline random',
  ]);
  assert.deepEqual(c.notes, ['datastream META MIME type: candidate text/plain, baseline application/xml']);
});

test('sizes compare by meaning: a file-style "2KiB" string equals { kind: fixed, bytes: 2048 }', () => {
  const file = base();
  file.datastreams[1].size = '2KiB';
  file.datastreams[1].kind = file.datastreams[1].contentKind;
  delete file.datastreams[1].contentKind;
  assert.deepEqual(workloadDifferences(base(), file), []);
});

test('the fanout shape refuses only when both runs use the fanout layout', () => {
  const a = base();
  const b = base();
  b.fanout = { width: 32, depth: 3 };
  assert.deepEqual(workloadDifferences(a, b), []);
  a.layout = 'fanout';
  b.layout = 'fanout';
  assert.deepEqual(workloadDifferences(a, b), ['fanout: candidate width 16, depth 2, baseline width 32, depth 3']);
});

test('object count and seed are notes, not refusals', () => {
  const b = base();
  b.objects = 4000;
  b.seed = 99;
  assert.deepEqual(workloadDifferences(base(), b), []);
  assert.deepEqual(workloadNotes(base(), b), [
    'object count: candidate 60,000, baseline 4,000; only the batches both runs have are paired',
    'seed: candidate 1, baseline 99',
  ]);
});

test('imported series: only batch size and objects are compared; the rest is a note', () => {
  const imp = (column: string, batchSize = 1000, objects = 25000) => ({
    import: { file: 'f.csv', format: 'csv', column },
    batchSize,
    objects,
  });
  assert.deepEqual(workloadDifferences(imp('a'), imp('b')), []);
  assert.deepEqual(workloadNotes(imp('a'), imp('b')), [
    'the candidate is an imported series (f.csv, column a): its datastreams, layout, concurrency and verify mode were not recorded and are not compared',
    'the baseline is an imported series (f.csv, column b): its datastreams, layout, concurrency and verify mode were not recorded and are not compared',
  ]);
  assert.deepEqual(workloadDifferences(imp('a', 1000), imp('b', 500)), ['batch size: candidate 1,000, baseline 500']);
  const run = base();
  run.batchSize = 1000;
  assert.deepEqual(workloadDifferences(run, imp('b')), []);
});

test('an unrecognised stored workload refuses, naming the side', () => {
  assert.deepEqual(workloadDifferences(null, base()), [
    'the candidate run has no recognisable stored workload (no batch size): the runs cannot be checked as comparable',
  ]);
  assert.equal(workloadDifferences(base(), 'x').length, 1);
  assert.match(workloadDifferences(base(), { objects: 1 })[0] ?? '', /^the baseline run/);
});
