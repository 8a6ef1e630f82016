/**
 * Benchmark 8, Ceph RGW (reports/perf.md): the engine's s3 path (bench/http/engine-client.ts with a
 * bucket: runEngine, the s3 backend, a no-op sink, random content made and hashed per object, its
 * own process) against @aws-sdk/client-s3 PutObject (bench/http/aws-sdk-client.ts, its own process)
 * on a one-host Ceph cluster (one monitor, one memstore OSD, one radosgw) brought up by
 * scripts/ceph-rgw.sh as the tests bring it up (test/helpers/ceph-peer.ts) and stopped by its
 * daemons' PIDs. Same object sizes, concurrency, fresh keys and bucket (one per point, purged after
 * it); interleaved rounds, medians. RGW's own counters (its admin socket's `perf dump`) say how many
 * requests each side sent per object. Run only when named: it needs Ceph (`radosgw`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startCeph, type CephPeer } from '../test/helpers/ceph-peer.js';
import { benchScript, runProcess } from './lib/proc.js';
import { figure, type Benchmark, type Figure, type Mode, type Table } from './lib/result.js';
import { fmt, interleave, median, sizeLabel } from './lib/stats.js';
import type { RoundsPlan } from './lib/workloads.js';

const KiB = 1024;
const PLANS: Record<Mode, RoundsPlan> = {
  full: {
    points: [KiB, 64 * KiB].flatMap((size) => [4, 16].map((concurrency) => ({ size, concurrency }))),
    rounds: 5,
    seconds: 3,
  },
  quick: {
    points: [
      { size: KiB, concurrency: 4 },
      { size: 64 * KiB, concurrency: 16 },
    ],
    rounds: 2,
    seconds: 2,
  },
  tiny: { points: [{ size: KiB, concurrency: 4 }], rounds: 1, seconds: 0.5 },
};
const BINARIES = ['/usr/bin/radosgw', '/usr/bin/ceph-mon', '/usr/bin/ceph-osd'];

interface ClientResult {
  failed: number;
  rps: number;
  cpuUsPerRequest: number;
}
interface Measured extends ClientResult {
  /** RGW's request and PUT counters over the whole child (warm-up and preflight included), per object sent. */
  requestsPerObject: number;
  putsPerObject: number;
}

/** RGW's request counters from its admin socket. */
function rgwCounters(peer: CephPeer): { req: number; put: number } {
  const r = spawnSync('ceph', ['--admin-daemon', join(peer.dir, 'run', 'client.rgw.a.asok'), 'perf', 'dump'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (r.status !== 0) throw new Error(`ceph perf dump of radosgw failed: ${r.stderr}`);
  const rgw = (JSON.parse(r.stdout) as { rgw: { req: number; put: number } }).rgw;
  return { req: rgw.req, put: rgw.put };
}

/** Runs one client process against the gateway with the cluster's keys; counts what RGW saw. */
async function measure(
  peer: CephPeer,
  script: string,
  arg: { objects: number; warmup: number } & Record<string, unknown>,
): Promise<Measured> {
  const before = rgwCounters(peer);
  const r = await runProcess(process.execPath, [benchScript(script), JSON.stringify(arg)], {
    env: { ...process.env, ...peer.credentials },
    limitMs: 600_000,
  });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  if (r.code !== 0 || last === '') throw new Error(`${script} exited with ${r.code}: ${r.stderr.slice(-2000)}`);
  const out = JSON.parse(last) as ClientResult;
  if (out.failed > 0) throw new Error(`${script}: ${out.failed} of ${arg.objects} PUTs failed`);
  const after = rgwCounters(peer);
  const sent = arg.objects + arg.warmup;
  return { ...out, requestsPerObject: (after.req - before.req) / sent, putsPerObject: (after.put - before.put) / sent };
}

/** Removes a bucket and everything in it, on the cluster's side (radosgw-admin). */
function purge(peer: CephPeer, bucket: string): void {
  spawnSync(
    'radosgw-admin',
    ['-c', join(peer.dir, 'ceph.conf'), 'bucket', 'rm', `--bucket=${bucket}`, '--purge-objects'],
    { timeout: 300_000 },
  );
}

const TITLE = 'Ceph RGW: engine (s3) vs the AWS SDK';

export const rgwBench: Benchmark = async (ctx) => {
  const plan = PLANS[ctx.mode];
  if (!BINARIES.every((b) => existsSync(b))) {
    const why =
      'Ceph is not installed here (radosgw, ceph-mon, ceph-osd; `scripts/ceph-rgw.sh install` as root): the benchmark was skipped.';
    ctx.log(why);
    return { name: 'rgw', title: TITLE, method: [], figures: [], tables: [], notes: [why] };
  }
  const sdkVersion = (createRequire(import.meta.url)('@aws-sdk/client-s3/package.json') as { version: string }).version;
  const figures: Figure[] = [];
  const table: Table = {
    title:
      'Objects per second (medians of interleaved rounds), the ratio in each round, client CPU per object and what RGW counted per object',
    columns: [
      'body',
      'conc.',
      'objects per run',
      'rounds',
      'engine objects/s',
      'SDK objects/s',
      'ratio',
      'ratio in each round',
      'CPU µs/object engine',
      'CPU µs/object SDK',
      'requests/object engine',
      'requests/object SDK',
      'load (1 min) start → end',
    ],
    rows: [],
  };
  const peer = await startCeph('single');
  try {
    ctx.log(`ceph: radosgw on ${peer.endpoint} (cluster in ${peer.dir})`);
    for (const [i, p] of plan.points.entries()) {
      const bucket = `bench-${i}`;
      const load0 = loadavg()[0] ?? 0;
      const base = { url: peer.endpoint, bucket, size: p.size, concurrency: p.concurrency };
      let tag = 0;
      const sdk = (objects: number): Promise<Measured> =>
        measure(peer, 'http/aws-sdk-client.js', {
          ...base,
          prefix: `ingest-scale/a${tag++}`,
          objects,
          warmup: Math.max(p.concurrency, Math.round(objects / 10)),
        });
      // the engine creates the bucket (preflight with createBucket), then the SDK calibrates the count
      await measure(peer, 'http/engine-client.js', { ...base, objects: 8 * p.concurrency, warmup: 0 });
      const calibration = await sdk(20 * p.concurrency);
      const objects = Math.max(8 * p.concurrency, Math.round(calibration.rps * plan.seconds));
      const warmup = Math.max(p.concurrency, Math.round(objects / 10));
      const engineRun = (): Promise<Measured> => measure(peer, 'http/engine-client.js', { ...base, objects, warmup });
      const [ours = [], ref = []] = await interleave(plan.rounds, [engineRun, () => sdk(objects)]);
      purge(peer, bucket);
      const rate = (xs: Measured[], f: (m: Measured) => number): number => median(xs.map(f));
      const [e, s] = [rate(ours, (m) => m.rps), rate(ref, (m) => m.rps)];
      ctx.log(
        `  ${sizeLabel(p.size)} c=${p.concurrency} n=${objects}: engine ${fmt(e)} objects/s, SDK ${fmt(s)} objects/s (ratio ${(e / s).toFixed(2)})`,
      );
      figures.push(
        figure({
          figure: `${sizeLabel(p.size)} PutObject to fresh keys, concurrency ${p.concurrency} (Ceph RGW)`,
          ours: e,
          reference: s,
          unit: 'objects/s',
          referenceName: `AWS SDK ${sdkVersion}`,
          budget: '>= 1.00x',
          met: e / s >= 1,
        }),
      );
      table.rows.push([
        sizeLabel(p.size),
        String(p.concurrency),
        fmt(objects),
        String(ours.length),
        fmt(e),
        fmt(s),
        `${(e / s).toFixed(2)}x`,
        ours.map((o, k) => (o.rps / (ref[k]?.rps ?? Number.NaN)).toFixed(2)).join(', '),
        fmt(rate(ours, (m) => m.cpuUsPerRequest)),
        fmt(rate(ref, (m) => m.cpuUsPerRequest)),
        rate(ours, (m) => m.requestsPerObject).toFixed(3),
        rate(ref, (m) => m.requestsPerObject).toFixed(3),
        `${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
      ]);
    }
  } finally {
    peer.stop();
  }
  return {
    name: 'rgw',
    title: TITLE,
    method: [
      "Store: a one-host Ceph (Pacific) cluster on 127.0.0.1 started by `scripts/ceph-rgw.sh start` as the integration tests start it (one monitor, one memstore OSD, one radosgw with its beast front end), stopped by its daemons' PIDs at the end; one bucket per row, purged after it (`radosgw-admin bucket rm --purge-objects`).",
      'Ours: `bench/http/engine-client.ts` in its own process with the s3 backend (runEngine, a no-op sink; path-style, SigV4 with the SHA-256 of each body as `run --backend s3` signs by default, random content made per object), an in-process warm-up of a tenth of the count first. Its keys `ingest-scale/<run>/m<n>/D`.',
      `Reference: \`bench/http/aws-sdk-client.ts\` in its own process: @aws-sdk/client-s3 ${sdkVersion} PutObject with its defaults (SigV4 with the body's SHA-256 over http, plus its default CRC32 checksum header), path-style, a keep-alive agent of C sockets and C workers each sending its next PutObject when the last answered; one body Buffer made once (the SDK never makes content); keys \`ingest-scale/a<run>/o<n>/D\`, a warm-up of a tenth of the count first.`,
      "Both sides write the same count of objects per run (set from a calibration run of the SDK to last about the planned seconds) into the same bucket. Rounds interleaved (engine, SDK; then SDK, engine; …); medians; the ratio of each round is engine / SDK. Requests per object: the difference of RGW's `req` counter (admin socket `perf dump`) over each client process, divided by the objects it sent (warm-up included; the engine's preflight adds a request or two per run).",
    ],
    figures,
    tables: [table],
    notes: [],
  };
};
