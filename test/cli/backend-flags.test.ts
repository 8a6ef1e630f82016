/**
 * Backend flags through the real CLI: one the chosen backend does not take is exit 2 naming the
 * flag and the backends that take it (forgetting --backend no longer benchmarks LevelDB and passes),
 * nothing is written; the flags a backend does take get past the check. S3 parts below 5 MiB are
 * refused unless --allow-small-parts.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir, type CliResult } from '../helpers/cli.js';

const S3_ENV = { AWS_ACCESS_KEY_ID: 'test-key', AWS_SECRET_ACCESS_KEY: 'test-secret' };
/** A port nothing listens on: a run that gets past the flag checks fails at preflight (exit 4). */
const NOWHERE = 'http://127.0.0.1:9';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

function assertRefused(r: CliResult, line: RegExp, db: string): void {
  assert.equal(r.code, 2, `exit 2; stderr: ${r.stderr}`);
  assert.match(r.stderr, line);
  assert.match(r.stderr, /\n {2}hint: /);
  assert.doesNotMatch(r.stderr, /^\s{4}at /m);
  assert.equal(existsSync(db), false, 'nothing written');
}

const REFUSED: [string, string[], Record<string, string>, RegExp][] = [
  [
    '--url without --backend (leveldb by default)',
    ['--url', 'http://127.0.0.1:8080/fedora'],
    {},
    /--url is not taken by --backend leveldb \(the default\); it is for fedora3, ldp, http-put, s3\n {2}hint: add --backend fedora3 \(or ldp, http-put, s3\), or drop --url/,
  ],
  [
    '--bucket with the default backend',
    ['--bucket', 'bench'],
    {},
    /--bucket is not taken by --backend leveldb \(the default\); it is for s3/,
  ],
  [
    '--pid-namespace with ldp',
    ['--backend', 'ldp', '--url', NOWHERE, '--pid-namespace', 'bench'],
    {},
    /--pid-namespace is not taken by --backend ldp; it is for fedora3/,
  ],
  [
    '--flavor with fedora3',
    ['--backend', 'fedora3', '--url', NOWHERE, '--flavor', 'solid'],
    {},
    /--flavor is not taken by --backend fedora3; it is for ldp/,
  ],
  [
    '--part-size with http-put',
    ['--backend', 'http-put', '--url', NOWHERE, '--part-size', '8MiB'],
    {},
    /--part-size is not taken by --backend http-put; it is for s3/,
  ],
  [
    '--user with s3',
    ['--backend', 's3', '--url', NOWHERE, '--bucket', 'bench', '--user', 'me'],
    S3_ENV,
    /--user is not taken by --backend s3; it is for fedora3, ldp, http-put\n {2}hint: s3 signs with AWS_ACCESS_KEY_ID/,
  ],
  [
    '--data with a server backend',
    ['--backend', 'fedora3', '--url', NOWHERE, '--data', 'somewhere'],
    {},
    /--data is not taken by --backend fedora3; it is for leveldb/,
  ],
  [
    '--part-size below 5 MiB',
    ['--backend', 's3', '--url', NOWHERE, '--bucket', 'bench', '--part-size', '1MiB'],
    S3_ENV,
    /--part-size 1 MiB is below the 5 MiB S3 requires of every part but the last\n {2}hint: use --part-size 5MiB or more, or add --allow-small-parts/,
  ],
];

for (const [name, args, env, line] of REFUSED) {
  test(`refused: ${name}`, async () => {
    const db = join(tmp.dir, 'never.db');
    assertRefused(await runCli(['run', ...args, '-n', '4', '--batch-size', '2', '--db', db], { env }), line, db);
  });
}

const TAKEN: [string, string[], Record<string, string>][] = [
  [
    'fedora3 with --url and --pid-namespace',
    ['--backend', 'fedora3', '--url', `${NOWHERE}/fedora`, '--pid-namespace', 'bench'],
    {},
  ],
  [
    'ldp with --flavor, --create, --tx',
    ['--backend', 'ldp', '--url', NOWHERE, '--flavor', 'fedora5', '--create', 'post', '--tx', 'per-batch'],
    {},
  ],
  [
    's3 with --part-size 1MiB and --allow-small-parts',
    [
      '--backend',
      's3',
      '--url',
      NOWHERE,
      '--bucket',
      'bench',
      '--part-size',
      '1MiB',
      '--allow-small-parts',
      '--region',
      'eu-west-1',
      '--path-style',
    ],
    S3_ENV,
  ],
  ['leveldb with --data', ['--backend', 'leveldb', '--data', 'DATA', '--datastream', 'D:1KiB'], {}],
];

for (const [name, args, env] of TAKEN) {
  test(`taken: ${name} gets past the flag checks`, async () => {
    const db = join(tmp.dir, `taken-${name.replace(/\W+/g, '-')}.db`);
    const r = await runCli(
      [
        'run',
        ...args.map((a) => (a === 'DATA' ? join(tmp.dir, 'data') : a)),
        '-n',
        '4',
        '--batch-size',
        '2',
        '--db',
        db,
        '--no-chart',
      ],
      { env },
    );
    assert.notEqual(r.code, 2, `not a usage error; stderr: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /is not taken by|below the 5 MiB/);
    if (args.includes('leveldb')) assert.equal(r.code, 3, 'four objects in two batches: INCONCLUSIVE');
    else assert.match(r.stderr, /cannot reach http:\/\/127\.0\.0\.1:9/, 'stops at preflight, unreachable');
  });
}
