/**
 * `run --shard` and `merge` at the command line (docs/scale-out.md): what they refuse (exit 2, naming the
 * flag or what is missing) and what a shard of the memory store records.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.js';

const tmp = tempDir();
after(() => tmp.cleanup());

const memoryShard = (db: string, extra: string[] = []): string[] => [
  'run',
  '--backend',
  'memory',
  '--shard',
  '1/2',
  '--run-id',
  'cli-shard01',
  '-n',
  '400',
  '--batch-size',
  '40',
  '--datastream',
  'D:1KiB',
  '--db',
  db,
  ...extra,
];

test('refused before anything is written: leveldb, a batch size not divisible by n, auto/n without JOB_COMPLETION_INDEX, --run-id without --shard', async () => {
  const db = join(tmp.dir, 'refused.db');
  const cases: [string[], Record<string, string>, RegExp][] = [
    [
      ['run', '--shard', '0/2', '--run-id', 'cli-shard01', '-n', '400', '--batch-size', '40', '--db', db],
      {},
      /--shard: the embedded LevelDB store is one process's files/,
    ],
    [memoryShard(db, ['--batch-size', '41']), {}, /--batch-size 41 is not divisible by the 2 shards of --shard/],
    [
      ['run', '--backend', 'memory', '--shard', 'auto/4', '--run-id', 'cli-shard01', '--db', db],
      {},
      /--shard auto\/4: JOB_COMPLETION_INDEX is not set/,
    ],
    [
      ['run', '--backend', 'memory', '--shard', 'auto/4', '--run-id', 'cli-shard01', '--db', db],
      { JOB_COMPLETION_INDEX: '7' },
      /JOB_COMPLETION_INDEX "7" is not a shard index from 0 to 3/,
    ],
    [['run', '--backend', 'memory', '--run-id', 'cli-shard01', '--db', db], {}, /--run-id is taken only with --shard/],
    [memoryShard(db, ['--verify', 'readback']), {}, /--shard does not take --verify readback/],
  ];
  for (const [args, env, re] of cases) {
    const r = await runCli(args, { env });
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, re);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  }
  assert.equal(existsSync(db), false, 'no results database was made');
});

test('a memory shard records its stripe (exit 0), a second shard into the same --db is refused, and merge refuses an incomplete set', async () => {
  const db = join(tmp.dir, 'memory-1.db');
  const r = await runCli(memoryShard(db, ['--json']));
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout) as {
    shard: number;
    shards: number;
    status: string;
    objects: number;
    batches: number;
    clock: { samples: number };
  };
  assert.deepEqual([s.shard, s.shards, s.status, s.objects, s.batches], [1, 2, 'complete', 200, 10]);
  assert.equal(s.clock.samples, 0, 'the memory store sends no Date header');
  assert.match(r.stderr, /the memory store lives in this shard's process only/);
  const again = await runCli(memoryShard(db));
  assert.equal(again.code, 2);
  assert.match(again.stderr, /run cli-shard01 is already in .*each shard writes its own results database/s);
  const m = await runCli(['merge', db, '--into', join(tmp.dir, 'merged.db')]);
  assert.equal(m.code, 2);
  assert.match(m.stderr, /shard 0\/2 of run cli-shard01 missing \(have 1\)/);
  const plain = await runCli([
    'run',
    '--backend',
    'memory',
    '-n',
    '200',
    '--batch-size',
    '20',
    '--datastream',
    'D:1KiB',
    '--db',
    join(tmp.dir, 'plain.db'),
    '--no-chart',
  ]);
  assert.ok([0, 1, 3].includes(plain.code ?? -1), plain.stderr);
  const notShard = await runCli(['merge', join(tmp.dir, 'plain.db'), '--into', join(tmp.dir, 'merged.db')]);
  assert.equal(notShard.code, 2);
  assert.match(notShard.stderr, /holds no shard \(no run made with run --shard\)/);
});
