/**
 * `clean` through the real CLI, with the backend modules' data: a flag the run's backend does not
 * take is exit 2 naming the flag, the run's backend and the backends that take it (nothing is
 * removed); INGEST_SCALE_TOKEN is sent as Bearer on every request as `run` sends it, and --user
 * beside it is refused as in run; a memory run has nothing left to remove and says so (exit 0).
 */
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

const TOKEN = 'clean-t0ken_for.the-bearer-test';
let tmp: ReturnType<typeof tempDir>;
let ldp: ServedProcess;
let proxy: Server;
let proxyUrl: string;
const seen: (string | undefined)[] = [];

before(async () => {
  tmp = tempDir();
  ldp = await serve(['--protocol', 'ldp', '--data', join(tmp.dir, 'ldp')]);
  const upstream = new URL(ldp.url);
  // forwards every request to the LDP reference server, keeping each Authorization header it saw
  proxy = createServer((req, res) => {
    seen.push(req.headers.authorization);
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}${upstream.pathname}`;
});
after(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await ldp.stop();
  tmp.cleanup();
});

const SMALL = ['-n', '8', '--batch-size', '2', '--datastream', 'D:1KiB', '--no-chart'];

async function runId(db: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const r = await runCli(['run', ...args, ...SMALL, '--db', db, '--json'], { env });
  assert.equal(r.code, 3, `four batches: INCONCLUSIVE; stderr: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { runId: string }).runId;
}

test("a clean flag the run's backend does not take is exit 2 naming the flag, the backend and who takes it", async () => {
  const db = join(tmp.dir, 'refuse.db');
  const mem = await runId(db, ['--backend', 'memory']);
  const level = await runId(db, ['--backend', 'leveldb', '--data', join(tmp.dir, 'level')]);
  const cases: [string, string[], RegExp][] = [
    [
      level,
      ['--profile', 'bench'],
      new RegExp(`--profile is not taken by run ${level}'s backend leveldb; it is for s3\\n {2}hint: drop --profile`),
    ],
    [
      mem,
      ['--purge-tombstones'],
      new RegExp(`--purge-tombstones is not taken by run ${mem}'s backend memory; it is for ldp\\n`),
    ],
    [level, ['--user', 'me'], /--user is not taken by run \w+'s backend leveldb; it is for fedora3, ldp, http-put\n/],
  ];
  for (const [id, flags, line] of cases) {
    const r = await runCli(['clean', id, '--db', db, ...flags]);
    assert.equal(r.code, 2, `${flags.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, line);
    assert.equal(r.stdout, '', 'nothing removed, nothing reported');
  }
  // the embedded store is still whole: a clean without the foreign flag removes all 8 objects
  const ok = await runCli(['clean', level, '--db', db, '--json']);
  assert.equal(ok.code, 0, ok.stderr);
  assert.deepEqual(JSON.parse(ok.stdout), {
    runId: level,
    objects: 8,
    removed: 8,
    alreadyGone: 0,
    failed: 0,
    errors: {},
  });
});

test('clean of a memory run: nothing to remove, said plainly, exit 0', async () => {
  const db = join(tmp.dir, 'memory.db');
  const id = await runId(db, ['--backend', 'memory', '--latency', '0ms']);
  const r = await runCli(['clean', id, '--db', db]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    new RegExp(
      `nothing to remove: run ${id} used the memory backend, whose data lived only in the process of that run`,
    ),
  );
  const json = JSON.parse((await runCli(['clean', id, '--db', db, '--json'])).stdout) as {
    removed: number;
    alreadyGone: number;
    failed: number;
  };
  assert.deepEqual([json.removed, json.alreadyGone, json.failed], [0, 8, 0]);
});

test('clean sends INGEST_SCALE_TOKEN as Bearer on every request, and refuses --user beside it', async () => {
  const db = join(tmp.dir, 'token.db');
  const env = { INGEST_SCALE_TOKEN: TOKEN };
  const id = await runId(db, ['--backend', 'ldp', '--url', proxyUrl], env);
  const conflict = await runCli(['clean', id, '--db', db, '--user', 'me'], {
    env: { ...env, INGEST_SCALE_PASSWORD: 'pw' },
  });
  assert.equal(conflict.code, 2, conflict.stderr);
  assert.match(conflict.stderr, /--user me and INGEST_SCALE_TOKEN are both given\n {2}hint: choose one/);
  seen.length = 0;
  const r = await runCli(['clean', id, '--db', db, '--json'], { env });
  assert.equal(r.code, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as { removed: number }).removed, 8);
  assert.ok(seen.length >= 8, `every delete went through the proxy (${seen.length})`);
  assert.deepEqual([...new Set(seen)], [`Bearer ${TOKEN}`], 'every request of clean carried the token');
  assert.equal(r.stdout.includes(TOKEN) || r.stderr.includes(TOKEN), false);
});
