/**
 * `merge --from s3://BUCKET/PREFIX` (docs/scale-out.md): two shards of one run fill a reference store
 * (`serve --protocol http-put`), their results databases are uploaded to s3rver under one prefix
 * beside a file that is not a shard and a shard of another prefix, and the merge read from S3 gives
 * the same run as the merge of the local files. No `.db` key under the prefix is exit 2, an endpoint
 * that does not answer is exit 4; the temporary folder is gone afterwards either way.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import aws4 from 'aws4';
import { runCli, tempDir } from '../helpers/cli.js';
import { freePort } from '../helpers/free-port.js';
import { s3rverInstalled, startS3rver, S3RVER_CREDENTIALS, type S3Peer } from '../helpers/s3rver-peer.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

const skip = !s3rverInstalled() && !process.env.CI ? 's3rver is not installed: run scripts/install-peers.sh' : false;

let tmp: ReturnType<typeof tempDir>;
let store: ServedProcess | undefined;
let s3: S3Peer | undefined;
const shardDbs = [0, 1].map((i) => `shard-${i}.db`);

before(async () => {
  tmp = tempDir();
  if (skip) return;
  store = await serve(['--protocol', 'http-put', '--base-cost', '0ms', '--no-warmup']);
  s3 = await startS3rver('ingest-results');
});
after(async () => {
  await store?.stop();
  await s3?.stop();
  tmp.cleanup();
});

/** A signed PutObject of `body` at `key` (path-style). */
async function upload(peer: S3Peer, key: string, body: Buffer): Promise<void> {
  const u = new URL(peer.url);
  const path = `/${peer.bucket}/${key}`;
  const signed = aws4.sign(
    { host: u.host, path, method: 'PUT', service: 's3', region: 'us-east-1', body, headers: {} },
    { accessKeyId: S3RVER_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3RVER_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  );
  const r = await fetch(`${peer.url}${path}`, {
    method: 'PUT',
    headers: signed.headers as Record<string, string>,
    body,
  });
  assert.equal(r.status, 200, `PutObject ${key}: ${await r.text()}`);
}

const mergeDirs = (): string[] => readdirSync(tmpdir()).filter((n) => n.startsWith('ingest-scale-merge-'));

test(
  'merge --from s3:// reads every .db key under the prefix and gives the run the local merge gives',
  { skip },
  async () => {
    const peer = s3!;
    // both shards at once, from the same moment, so that the window in which both were active holds batches
    const at = new Date(Date.now() + 2_500).toISOString();
    const shards = await Promise.all(
      shardDbs.map((db, i) =>
        runCli([
          'run',
          '--backend',
          'http-put',
          '--url',
          store!.url,
          '--shard',
          `${i}/2`,
          '--run-id',
          'mergefroms3',
          '--start-at',
          at,
          '--db',
          join(tmp.dir, db),
          '-n',
          '2000',
          '--batch-size',
          '100',
          '--datastream',
          'OBJ:1KiB',
          '--concurrency',
          '2',
          '--json',
        ]),
      ),
    );
    for (const [i, r] of shards.entries()) assert.equal(r.code, 0, `shard ${i}: ${r.stderr}`);
    for (const db of shardDbs) await upload(peer, `runs/fill01/${db}`, readFileSync(join(tmp.dir, db)));
    await upload(peer, 'runs/fill01/notes.txt', Buffer.from('not a shard\n'));
    await upload(peer, 'runs/other/shard-0.db', readFileSync(join(tmp.dir, shardDbs[0]!)));
    const before = mergeDirs();

    const local = await runCli([
      'merge',
      ...shardDbs.map((d) => join(tmp.dir, d)),
      '--into',
      join(tmp.dir, 'local.db'),
      '--json',
    ]);
    assert.equal(local.code, 0, local.stderr);
    const from = ['--from', `s3://${peer.bucket}/runs/fill01/`, '--url', peer.url, '--path-style'];
    const viaS3 = await runCli(['merge', ...from, '--into', join(tmp.dir, 's3.db'), '--json'], {
      env: S3RVER_CREDENTIALS,
    });
    assert.equal(viaS3.code, 0, viaS3.stderr);
    const a = JSON.parse(local.stdout) as Record<string, unknown> & { shards: { file: string }[] };
    const b = JSON.parse(viaS3.stdout) as typeof a;
    assert.deepEqual(
      b.shards.map((s) => s.file),
      shardDbs.map((d) => `runs/fill01/${d}`),
    );
    for (const k of ['runId', 'batches', 'window', 'ops', 'storedObjects', 'ratePerSec', 'clockSpreadMs'])
      assert.deepEqual(b[k], a[k], k);

    const text = await runCli(['merge', ...from, '--into', join(tmp.dir, 's3-text.db')], { env: S3RVER_CREDENTIALS });
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout,
      /^read 2 shard files from s3:\/\/ingest-results\/runs\/fill01\/ \(\d+\.\d MB\): runs\/fill01\/shard-0\.db, runs\/fill01\/shard-1\.db$/m,
    );
    assert.match(text.stdout, /^ {2}shard 0 \(runs\/fill01\/shard-0\.db\): /m);
    const check = await runCli(['check', '--db', join(tmp.dir, 's3-text.db'), 'mergefroms3', '--json']);
    assert.ok(check.code === 0 || check.code === 1 || check.code === 3, check.stderr);
    assert.deepEqual(mergeDirs(), before, 'the temporary folder is removed');
  },
);

test(
  'merge --from: no .db key under the prefix is exit 2, an endpoint that does not answer exit 4, a missing --url exit 2',
  { skip },
  async () => {
    const peer = s3!;
    const before = mergeDirs();
    const none = await runCli(
      [
        'merge',
        '--from',
        `s3://${peer.bucket}/runs/none/`,
        '--url',
        peer.url,
        '--path-style',
        '--into',
        join(tmp.dir, 'x.db'),
      ],
      { env: S3RVER_CREDENTIALS },
    );
    assert.equal(none.code, 2, none.stderr);
    assert.match(none.stderr, /no shard file \(a key ending in \.db\) under s3:\/\/ingest-results\/runs\/none\//);
    const port = await freePort();
    const down = await runCli(
      [
        'merge',
        '--from',
        's3://b/p/',
        '--url',
        `http://127.0.0.1:${port}`,
        '--path-style',
        '--into',
        join(tmp.dir, 'y.db'),
      ],
      { env: S3RVER_CREDENTIALS },
    );
    assert.equal(down.code, 4, down.stderr);
    assert.match(down.stderr, /^ingest-scale: s3:\/\/b\/p\/: /m);
    assert.doesNotMatch(down.stderr, /internal error/);
    const noUrl = await runCli(['merge', '--from', 's3://b/p/', '--into', join(tmp.dir, 'z.db')], {
      env: S3RVER_CREDENTIALS,
    });
    assert.equal(noUrl.code, 2);
    assert.match(noUrl.stderr, /--from needs --url/);
    const both = await runCli([
      'merge',
      'a.db',
      '--from',
      's3://b/p/',
      '--url',
      peer.url,
      '--into',
      join(tmp.dir, 'w.db'),
    ]);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--from and shard files given together/);
    assert.deepEqual(mergeDirs(), before, 'no temporary folder left');
  },
);
