/**
 * Up-front sanity: a datastream above --max-datastream-size, or a run into the embedded store that
 * cannot fit the free space of its data directory, is exit 2 with the numbers, before anything is
 * written (no database, no data directory).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { checkFreeSpace, plannedBytes } from '../../src/engine/run-sanity.js';
import { UsageError } from '../../src/errors.js';
import { parseSizeSpec } from '../../src/workload/size.js';
import { runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

test('a 1 TB datastream needs --max-datastream-size raised; raised, 10 of them do not fit the disk', async () => {
  const db = join(tmp.dir, 'r.db');
  const data = join(tmp.dir, 'store');
  const big = await runCli([
    'run',
    '--datastream',
    'X:1TB',
    '-n',
    '10',
    '--batch-size',
    '1',
    '--db',
    db,
    '--data',
    data,
  ]);
  assert.equal(big.code, 2, big.stderr);
  assert.match(
    big.stderr,
    /datastream X can be 931 GiB \(1,000,000,000,000 bytes\), above --max-datastream-size 64\.0 GiB[\s\S]*hint: .*--max-datastream-size 932GiB/,
  );
  const raised = await runCli([
    'run',
    '--datastream',
    'X:1TB',
    '-n',
    '10',
    '--batch-size',
    '1',
    '--max-datastream-size',
    '932GiB',
    '--db',
    db,
    '--data',
    data,
  ]);
  assert.equal(raised.code, 2, raised.stderr);
  assert.match(
    raised.stderr,
    /the run plans to store 9\.1 TiB but .*store has [\d.]+ [KMGT]?i?B free[\s\S]*--ignore-free-space/,
  );
  assert.equal(existsSync(db), false, 'no database was made');
  assert.equal(existsSync(data), false, 'no data directory was made');
});

test("planned bytes use each datastream's mean size; the check compares them with the free bytes given", () => {
  const w = {
    objects: 1000,
    datastreams: [
      { id: 'A', size: parseSizeSpec('1MiB'), contentKind: 'random' as const, mime: 'x' },
      { id: 'B', size: parseSizeSpec('uniform:0-2KiB'), contentKind: 'random' as const, mime: 'x' },
    ],
  };
  assert.equal(plannedBytes(w), 1000 * (2 ** 20 + 1024));
  assert.doesNotThrow(() => checkFreeSpace(w, '/x', 2 ** 30));
  assert.throws(
    () => checkFreeSpace(w, '/x', 2 ** 29),
    (e: unknown) => e instanceof UsageError && /plans to store 1001 MiB but \/x has 512 MiB free/.test(e.message),
  );
});
