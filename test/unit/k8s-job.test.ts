/**
 * deploy/k8s/ingest-scale-job.yaml (docs/scale-out.md, "Kubernetes: an Indexed Job and a merge Job"), checked as
 * Kubernetes would read it: every document parses (yaml), passes kubernetes-models' schema validation (types, enums,
 * required fields) and names no field the models do not know (k8s-fields.ts); then what the scale-out needs: an
 * Indexed Job with completions = parallelism = the n of `--shard auto/n` = SHARDS, restartPolicy Never, backoffLimit
 * 0, each shard's database uploaded to a bucket that is not the measured one, and a merge Job that runs `merge …
 * --into` and `check`. Every shell script in it is parsed by sh -n.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { ConfigMap } from 'kubernetes-models/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../helpers/cli.js';
import { unknownFieldChecker, type FieldChecker } from './k8s-fields.js';

const FILE = join(REPO_ROOT, 'deploy', 'k8s', 'ingest-scale-job.yaml');

type Doc = Record<string, any>;

function load(text: string): Doc[] {
  const docs = parseAllDocuments(text);
  for (const d of docs)
    assert.deepEqual(
      [...d.errors, ...d.warnings].map((e) => e.message),
      [],
      'the YAML parses cleanly',
    );
  return docs.map((d) => d.toJS() as Doc);
}

const docs = load(readFileSync(FILE, 'utf8'));
const byName = (kind: string, name: string): Doc => {
  const d = docs.find((x) => x.kind === kind && x.metadata?.name === name);
  assert.ok(d, `${kind} ${name} is in ${FILE}`);
  return d;
};
/** Every container of a pod template, init containers first. */
const containers = (job: Doc): Doc[] => {
  const pod = job.spec.template.spec as { initContainers?: Doc[]; containers: Doc[] };
  return [...(pod.initContainers ?? []), ...pod.containers];
};
const script = (c: Doc): string => ((c.args ?? []) as string[]).join(' ');

let unknownFields: FieldChecker;
before(() => {
  unknownFields = unknownFieldChecker();
});

describe('deploy/k8s/ingest-scale-job.yaml', () => {
  test("every document is a valid Kubernetes object by kubernetes-models' schemas", () => {
    assert.deepEqual(
      docs.map((d) => `${d.kind} ${d.metadata.name}`),
      ['ConfigMap ingest-scale-run', 'Job ingest-scale-shards', 'Job ingest-scale-merge'],
    );
    for (const d of docs) {
      const model = d.kind === 'Job' ? new Job(d as any) : new ConfigMap(d as any);
      assert.doesNotThrow(() => model.validate(), `${d.kind} ${d.metadata.name}`);
    }
  });

  test('no field the models do not know (a misspelt field is caught: the check itself is tested on one)', () => {
    for (const d of docs) assert.deepEqual(unknownFields(d), [], `${d.kind} ${d.metadata.name}`);
    const typo = structuredClone(byName('Job', 'ingest-scale-shards'));
    typo.spec.completionsMode = 'Indexed';
    typo.spec.template.spec.initContainers[0].envFrom[0].configMapRef.nmae = 'x';
    assert.deepEqual(unknownFields(typo).sort(), [
      'batch/v1/Job.spec.completionsMode',
      'batch/v1/Job.spec.template.spec.initContainers[0].envFrom[0].configMapRef.nmae',
    ]);
    const bad = structuredClone(byName('Job', 'ingest-scale-shards'));
    bad.spec.completionMode = 'indexed';
    assert.throws(
      () => new Job(bad as any).validate(),
      /completionMode/,
      'validate() catches a value outside the enum',
    );
  });

  test('the shards: an Indexed Job, completions = parallelism = n of --shard auto/n = SHARDS, restartPolicy Never, backoffLimit 0', () => {
    const run = byName('ConfigMap', 'ingest-scale-run').data;
    const job = byName('Job', 'ingest-scale-shards');
    assert.equal(job.spec.completionMode, 'Indexed');
    assert.equal(job.spec.backoffLimit, 0);
    assert.equal(job.spec.template.spec.restartPolicy, 'Never');
    const shard = containers(job).find((c) => /ingest-scale run /.test(script(c)));
    assert.ok(shard, 'a container runs ingest-scale run');
    const n = Number(/--shard auto\/(\d+)/.exec(script(shard))?.[1]);
    assert.ok(n > 1, 'the shard takes its index from JOB_COMPLETION_INDEX (--shard auto/n)');
    assert.equal(job.spec.completions, n);
    assert.equal(job.spec.parallelism, n);
    assert.equal(Number(run.SHARDS), n);
    assert.equal(Number(run.BATCH_SIZE) % n, 0, 'the global batch size splits evenly over the shards');
    assert.match(script(shard), /--run-id "\$RUN_ID"/);
    assert.match(script(shard), /--db "\/results\/shard-\$JOB_COMPLETION_INDEX\.db"/);
  });

  test('each shard uploads its database to RESULTS_URI, a bucket that is not the measured one, after the shard succeeded', () => {
    const run = byName('ConfigMap', 'ingest-scale-run').data;
    const resultsBucket = /^s3:\/\/([^/]+)/.exec(run.RESULTS_URI)?.[1];
    assert.ok(resultsBucket, 'RESULTS_URI is s3://bucket/prefix');
    const measured = new RegExp(`^${run.BUCKET.replace(/[.]/g, '\\.')}(-\\d+)?$`);
    assert.doesNotMatch(
      resultsBucket,
      measured,
      `the results bucket ${resultsBucket} is not ${run.BUCKET} or ${run.BUCKET}-<n>`,
    );
    const job = byName('Job', 'ingest-scale-shards');
    // the shard is an init container: the upload (a regular container) starts only after it exited 0
    assert.match(script(job.spec.template.spec.initContainers[0]), /ingest-scale run /);
    const upload = job.spec.template.spec.containers[0];
    assert.match(
      script(upload),
      /s3 cp "\/results\/shard-\$JOB_COMPLETION_INDEX\.db"\s+"\$RESULTS_URI\/\$RUN_ID\/shard-\$JOB_COMPLETION_INDEX\.db"/,
    );
  });

  test("the merge Job downloads the shards, runs merge … --into and check, and ends with check's exit code", () => {
    const job = byName('Job', 'ingest-scale-merge');
    assert.equal(job.spec.backoffLimit, 0);
    assert.equal(job.spec.template.spec.restartPolicy, 'Never');
    const all = containers(job).map(script).join('\n');
    assert.match(all, /s3 cp --recursive "\$src" \/results\/shards\//);
    assert.match(all, /ingest-scale merge \/results\/shards\/shard-\*\.db --into \/results\/run\.db/);
    assert.match(all, /ingest-scale check last --db \/results\/run\.db/);
    assert.match(all, /exit "\$\(cat \/results\/check\.exit\)"/);
  });

  test('images are pinned and every container states its resources; every shell script parses (sh -n)', () => {
    for (const job of docs.filter((d) => d.kind === 'Job')) {
      for (const c of containers(job)) {
        assert.match(c.image, /:[0-9][\w.-]*$/, `${job.metadata.name}/${c.name}: a pinned tag, not latest`);
        assert.ok(
          c.resources?.requests && c.resources?.limits?.memory,
          `${job.metadata.name}/${c.name}: requests and a memory limit`,
        );
        assert.deepEqual(c.command, ['sh', '-c']);
        const r = spawnSync('sh', ['-n', '-c', script(c)], { encoding: 'utf8' });
        assert.equal(r.status, 0, `${job.metadata.name}/${c.name}: ${r.stderr}`);
      }
    }
  });
});
