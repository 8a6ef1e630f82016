/**
 * The commands of deploy/k8s/ingest-scale-job.yaml, run as the pods would run them: each
 * container's `sh -c` script with the ConfigMap's variables (pointed at a local s3rver, a small
 * workload), JOB_COMPLETION_INDEX=0..3 for the four shard pods, `ingest-scale` on PATH and the
 * pods' volumes as temporary directories. The shard scripts run at once, their upload scripts put
 * the databases into the results bucket, and the merge pod's scripts download them, merge, check,
 * report and upload, ending with check's exit code — so the manifest's flags are the CLI's, not
 * just well-formed YAML. Needs the aws CLI (the manifest's other image) and s3rver; skipped with
 * the reason when either is missing.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { listKeys } from '../contract/s3-spread.js';
import { BIN, REPO_ROOT, tempDir } from '../helpers/cli.js';
import { s3rverInstalled, startS3rver, S3RVER_CREDENTIALS, type S3Peer } from '../helpers/s3rver-peer.js';

type Doc = Record<string, any>;
const docs = parseAllDocuments(readFileSync(join(REPO_ROOT, 'deploy', 'k8s', 'ingest-scale-job.yaml'), 'utf8')).map(
  (d) => d.toJS() as Doc,
);
const job = (name: string): Doc => docs.find((d) => d.kind === 'Job' && d.metadata.name === name) as Doc;
const pod = (name: string): { init: Doc[]; main: Doc[] } => ({
  init: job(name).spec.template.spec.initContainers as Doc[],
  main: job(name).spec.template.spec.containers as Doc[],
});

const hasAws = spawnSync('aws', ['--version'], { encoding: 'utf8' }).status === 0;
const skip = !hasAws
  ? 'the aws CLI is not installed (the manifest uploads with amazon/aws-cli)'
  : !s3rverInstalled()
    ? 's3rver is not installed: run scripts/install-peers.sh'
    : false;
const RESULTS_BUCKET = 'ingest-scale-results';

let peer: S3Peer | undefined;
let tmp: ReturnType<typeof tempDir>;
before(async () => {
  tmp = tempDir();
  if (!skip) peer = await startS3rver(RESULTS_BUCKET);
});
after(async () => {
  await peer?.stop();
  tmp.cleanup();
});

/** Runs one container's script as its pod would: the volume mount points mapped to directories of this test. */
function runContainer(
  c: Doc,
  env: Record<string, string>,
  mounts: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  let text = ((c.args ?? []) as string[]).join(' ');
  for (const [mount, dir] of Object.entries(mounts)) text = text.split(mount).join(dir);
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', text], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

test(
  "the manifest's scripts: four shards, their uploads, then download, merge, check, report and upload",
  { skip, timeout: 300_000 },
  async () => {
    const p = peer as S3Peer;
    const bin = join(tmp.dir, 'bin');
    mkdirSync(bin);
    symlinkSync(BIN, join(bin, 'ingest-scale'));
    const config = docs.find((d) => d.kind === 'ConfigMap')?.data as Record<string, string>;
    const env: Record<string, string> = {
      ...config,
      // the store under test and the results bucket both on the local s3rver; a small run
      S3_ENDPOINT: p.url,
      RESULTS_ENDPOINT: p.url,
      OBJECTS: '96',
      BATCH_SIZE: '8',
      MERGE_WAIT_MINUTES: '1',
      // the shards write together however staggered their processes start on a busy host (a
      // small run is over before a late shard begins, and merge keeps only the common window)
      START_AT: new Date(Date.now() + 15_000).toISOString(),
      ...S3RVER_CREDENTIALS,
      AWS_DEFAULT_REGION: 'us-east-1',
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      NO_COLOR: '1',
    };
    const shards = Number(config.SHARDS);
    assert.equal(shards, 4);

    const shardPod = pod('ingest-scale-shards');
    const results = await Promise.all(
      Array.from({ length: shards }, async (_, i) => {
        const mounts = { '/results': join(tmp.dir, `shard-pod-${i}`) };
        mkdirSync(mounts['/results']);
        const podEnv = { ...env, JOB_COMPLETION_INDEX: String(i), POD_NAME: `ingest-scale-shards-${i}-x` };
        const shard = await runContainer(shardPod.init[0] as Doc, podEnv, mounts);
        if (shard.code !== 0) return { i, step: 'shard', ...shard };
        return { i, step: 'upload', ...(await runContainer(shardPod.main[0] as Doc, podEnv, mounts)) };
      }),
    );
    for (const r of results) assert.deepEqual([r.step, r.code], ['upload', 0], `shard pod ${r.i}: ${r.out}`);
    const uploaded = await listKeys(
      { url: p.url, credentials: S3RVER_CREDENTIALS },
      RESULTS_BUCKET,
      `runs/${config.RUN_ID}/`,
    );
    assert.deepEqual(
      uploaded.sort(),
      [0, 1, 2, 3].map((i) => `runs/${config.RUN_ID}/shard-${i}.db`),
    );

    const mergePod = pod('ingest-scale-merge');
    const mounts = { '/results': join(tmp.dir, 'merge-pod') };
    mkdirSync(mounts['/results']);
    for (const c of mergePod.init) {
      const r = await runContainer(c, env, mounts);
      assert.equal(r.code, 0, `${c.name}: ${r.out}`);
      if (c.name === 'download') assert.match(r.out, /merge: 4 of 4 shard databases/);
      if (c.name === 'merge')
        assert.match(r.out, /merged run fill-20261203 from 4 shards[\s\S]*(PASS|WARN|FAIL|INCONCLUSIVE)/);
    }
    const upload = await runContainer(mergePod.main[0] as Doc, env, mounts);
    const checkExit = Number(readFileSync(join(mounts['/results'], 'check.exit'), 'utf8'));
    assert.ok([0, 1, 3].includes(checkExit), `check gave a verdict's exit code: ${checkExit}`);
    assert.equal(upload.code, checkExit, `the merge pod ends with check's exit code: ${upload.out}`);
    const all = await listKeys(
      { url: p.url, credentials: S3RVER_CREDENTIALS },
      RESULTS_BUCKET,
      `runs/${config.RUN_ID}/`,
    );
    for (const f of ['run.db', 'report.md', 'report.json'])
      assert.ok(all.includes(`runs/${config.RUN_ID}/${f}`), `${f} uploaded`);
  },
);
