import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveWorkload } from '../../src/workload/resolve.js';
import { lognormal } from '../../src/workload/size.js';
import { parseWorkloadJson, readWorkloadFile } from '../../src/workload/workload-file.js';
import { withTmp } from '../helpers/cli.js';
import { throwsUsage } from '../helpers/throws-usage.js';

const FIXTURES = fileURLToPath(new URL('../../../fixtures/workloads/', import.meta.url));

function writeJson(dir: string, name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, body);
  return file;
}

test('a valid workload file parses into overrides', () => {
  withTmp((dir) => {
    const file = writeJson(
      dir,
      'w.json',
      JSON.stringify({
        $schema: './schema.json',
        description: 'test',
        objects: 2000,
        batchSize: 100,
        concurrency: 4,
        seed: 7,
        layout: 'fanout',
        fanout: { width: 16, depth: 2 },
        verify: 'readback',
        datastreams: [
          { id: 'OBJ', size: 'lognormal:64KiB:0.5', kind: 'random', mime: 'application/pdf' },
          { id: 'META', size: 2048, kind: 'compressible' },
          { id: 'RAW', size: 'uniform:1KiB-1MiB' },
        ],
      }),
    );
    const o = readWorkloadFile(file);
    assert.deepEqual(o, {
      objects: 2000,
      batchSize: 100,
      concurrency: 4,
      seed: 7,
      layout: 'fanout',
      fanout: { width: 16, depth: 2 },
      verify: 'readback',
      datastreams: [
        { id: 'OBJ', size: lognormal(65_536, 0.5), contentKind: 'random', mime: 'application/pdf' },
        { id: 'META', size: { kind: 'fixed', bytes: 2048 }, contentKind: 'compressible', mime: 'text/plain' },
        {
          id: 'RAW',
          size: { kind: 'uniform', min: 1024, max: 2 ** 20 },
          contentKind: 'random',
          mime: 'application/octet-stream',
        },
      ],
    });
    const w = resolveWorkload(o);
    assert.equal(w.objects, 2000);
    assert.equal(w.verify, 'readback');
  });
});

test('an empty object is a valid file that overrides nothing', () => {
  assert.deepEqual(parseWorkloadJson({}, 'empty.json'), {});
});

test('an unknown field is an error naming the field and the file', () => {
  withTmp((dir) => {
    const file = writeJson(dir, 'typo.json', '{ "object": 100 }');
    throwsUsage(() => readWorkloadFile(file), 'E_BAD_WORKLOAD', [file, '"object"']);
    const file2 = writeJson(
      dir,
      'ds-typo.json',
      '{ "datastreams": [{ "id": "OBJ", "size": "1KiB", "knd": "random" }] }',
    );
    throwsUsage(() => readWorkloadFile(file2), 'E_BAD_WORKLOAD', [file2, '"knd"', 'datastreams[0]']);
  });
});

test('bad JSON is an error naming the file', () => {
  withTmp((dir) => {
    const file = writeJson(dir, 'bad.json', '{ "objects": 100, }');
    throwsUsage(() => readWorkloadFile(file), 'E_BAD_WORKLOAD', [file, 'JSON']);
  });
});

test('a missing file is E_FILE_UNREADABLE naming the path', () => {
  withTmp((dir) => {
    const file = join(dir, 'nope.json');
    throwsUsage(() => readWorkloadFile(file), 'E_FILE_UNREADABLE', [file, 'ENOENT']);
    // a directory is not a readable file either
    throwsUsage(() => readWorkloadFile(dir), 'E_FILE_UNREADABLE', [dir]);
  });
});

test('wrongly shaped fields are errors naming the file', () => {
  withTmp((dir) => {
    const cases: [string, string[]][] = [
      ['{ "datastreams": { "id": "OBJ", "size": "1KiB" } }', ['"datastreams" must be an array']],
      ['[1, 2]', ['top level']],
      ['"objects"', ['top level']],
      ['null', ['top level']],
      ['{ "objects": "100" }', ['"objects"']],
      ['{ "layout": 3 }', ['"layout"']],
      ['{ "verify": false }', ['"verify"']],
      ['{ "fanout": 16 }', ['"fanout"']],
      ['{ "fanout": null }', ['"fanout"']],
      ['{ "fanout": { "width": 16 } }', ['"fanout"']],
      ['{ "datastreams": [42] }', ['datastreams[0]']],
      ['{ "datastreams": [{ "size": "1KiB" }] }', ['datastreams[0]', '"id"']],
      ['{ "datastreams": [{ "id": "OBJ" }] }', ['datastreams[0]', '"size"']],
      ['{ "datastreams": [{ "id": "DC", "size": "1KiB" }] }', ['reserved']],
      ['{ "datastreams": [{ "id": "OBJ", "size": "1KiB", "kind": "zipped" }] }', ['"zipped"']],
    ];
    cases.forEach(([body, parts], i) => {
      const file = writeJson(dir, `case-${i}.json`, body);
      throwsUsage(() => readWorkloadFile(file), 'E_BAD_WORKLOAD', [file, ...parts]);
    });
  });
});

test('a bad size in a file is E_BAD_SIZE naming the file, the entry and the text', () => {
  withTmp((dir) => {
    const file = writeJson(
      dir,
      'size.json',
      '{ "datastreams": [{ "id": "OBJ", "size": "1KiB" }, { "id": "B", "size": "10XB" }] }',
    );
    throwsUsage(() => readWorkloadFile(file), 'E_BAD_SIZE', [file, 'datastreams[1]', '"10XB"']);
    const file2 = writeJson(dir, 'size2.json', '{ "datastreams": [{ "id": "OBJ", "size": 1.5 }] }');
    throwsUsage(() => readWorkloadFile(file2), 'E_BAD_SIZE', [file2, '"1.5"']);
  });
});

test('every file in fixtures/workloads parses and resolves to a valid workload', () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.json'));
  assert.ok(files.length >= 4, `expected the workload fixtures in ${FIXTURES}, found ${files.join(', ')}`);
  for (const name of files) {
    const o = readWorkloadFile(join(FIXTURES, name));
    const w = resolveWorkload(o);
    assert.ok(w.objects >= w.batchSize, name);
    assert.ok(w.datastreams.length >= 1, name);
  }
});

test('fixture default.json is the built-in default workload', () => {
  assert.deepEqual(resolveWorkload(readWorkloadFile(join(FIXTURES, 'default.json'))), resolveWorkload());
});

test('fixture benchtool-100k.json is 25 batches of 1,000 objects with one 100 KB stream', () => {
  const w = resolveWorkload(readWorkloadFile(join(FIXTURES, 'benchtool-100k.json')));
  assert.equal(w.objects, 25_000);
  assert.equal(w.batchSize, 1000);
  assert.deepEqual(
    w.datastreams.map((d) => d.size),
    [{ kind: 'fixed', bytes: 100_000 }],
  );
});
