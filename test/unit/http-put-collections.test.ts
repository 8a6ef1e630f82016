/**
 * http-put against a plain PUT server without WebDAV collections: it answers MKCOL with 501 (it
 * makes paths on PUT itself), so the run warns once and acts as `--collections none`, and `clean`
 * finds the objects from the datastreams the run recorded. A server that cannot delete directories
 * leaves a note, not a failure; a run whose records name nothing to remove cannot be cleaned. The server is a real HTTP server on 127.0.0.1 (node:http).
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { HttpPutBackend } from '../../src/backends/http-put/http-put-backend.js';
import { cleanRun } from '../../src/engine/clean-run.js';
import { RunFailedError } from '../../src/errors.js';
import type { RunRecord } from '../../src/model/records.js';
import { planObject } from '../../src/generate/plan.js';
import type { Workload } from '../../src/workload/workload.js';
import { runCli, tempDir } from '../helpers/cli.js';

/** Files by path; MKCOL 501; DELETE of a directory path (ending in /) answers `dirDelete`. */
const files = new Map<string, Buffer>();
const seen: string[] = [];
let dirDelete = 204;
let optionsStatus = 200;
let server: Server;
let url: string;

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  seen.push(`${req.method} ${path}`);
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const answer = (status: number, body?: Buffer): void => {
      res.writeHead(status, { 'content-length': String(body?.length ?? 0) });
      res.end(body);
    };
    if (req.method === 'OPTIONS') return answer(optionsStatus);
    if (req.method === 'MKCOL') return answer(501);
    if (req.method === 'PUT') {
      files.set(path, Buffer.concat(chunks));
      return answer(201);
    }
    if (req.method === 'GET') return files.has(path) ? answer(200, files.get(path)) : answer(404);
    if (req.method === 'DELETE' && path.endsWith('/')) {
      const under = [...files.keys()].filter((p) => p.startsWith(path));
      if (dirDelete !== 204) return answer(dirDelete);
      for (const p of under) files.delete(p);
      return answer(under.length > 0 ? 204 : 404);
    }
    if (req.method === 'DELETE') return answer(files.delete(path) ? 204 : 404);
    answer(405);
  });
}

before(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/store`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const workload: Workload = {
  objects: 4,
  batchSize: 4,
  concurrency: 2,
  seed: 3,
  layout: 'pairtree',
  fanout: { width: 16, depth: 2 },
  verify: 'none',
  datastreams: [
    { id: 'OBJ', size: { kind: 'fixed', bytes: 1000 }, contentKind: 'random', mime: 'application/octet-stream' },
  ],
};

test('a 501 to MKCOL of the run collection: a warning in the target details, collections none, PUT straight to each path', async () => {
  files.clear();
  const b = new HttpPutBackend({ url, connections: 2, runId: 'r501', workload });
  try {
    const info = await b.preflight();
    assert.equal(info.details?.collections, 'none');
    assert.match(
      String(info.details?.warning),
      /MKCOL answered 501 Not Implemented: the server makes paths on PUT itself/,
    );
    const plans = [0, 1, 2].map((i) => planObject(workload, i, { idPrefix: 'p-' }));
    assert.deepEqual(await b.prepareBatch(plans), [], 'no collection is made, none is recorded');
    const ops = (await Promise.all(plans.map((p) => b.ingest(p)))).flat();
    assert.deepEqual(
      ops.map((o) => [o.kind, o.status]),
      plans.map(() => ['add-datastream', 'ok']),
    );
    assert.equal(files.size, 3);
    dirDelete = 405;
    for (const p of plans) await b.remove(p);
    const note = await b.finishClean();
    assert.match(
      String(note),
      /the server kept the run's directory \/store\/ingest-scale-r501\/ \(DELETE answered HTTP 405\)/,
    );
    assert.equal(files.size, 0);
  } finally {
    dirDelete = 204;
    await b.close();
  }
});

test('run against a server without MKCOL warns once on stderr, and clean removes every object from the datastream records', async () => {
  files.clear();
  seen.length = 0;
  const tmp = tempDir();
  try {
    const db = join(tmp.dir, 'r.db');
    const r = await runCli([
      'run',
      '--backend',
      'http-put',
      '--url',
      url,
      '-n',
      '30',
      '--batch-size',
      '10',
      '--datastream',
      'OBJ:1KiB',
      '--db',
      db,
      '--json',
    ]);
    assert.equal(r.code, 3, r.stderr); // three batches: INCONCLUSIVE
    assert.equal(r.stderr.match(/warning: MKCOL answered 501/g)?.length, 1, r.stderr);
    assert.equal(files.size, 30);
    assert.equal(seen.filter((s) => s.startsWith('MKCOL')).length, 1, 'one MKCOL, at preflight');
    const runId = (JSON.parse(r.stdout) as { runId: string }).runId;
    const cleaned = await runCli(['clean', runId, '--db', db, '--json']);
    assert.equal(cleaned.code, 0, cleaned.stdout + cleaned.stderr);
    assert.deepEqual(JSON.parse(cleaned.stdout), {
      runId,
      objects: 30,
      removed: 30,
      alreadyGone: 0,
      failed: 0,
      errors: {},
    });
    assert.equal(files.size, 0);
    assert.ok(
      seen.includes(`DELETE /store/ingest-scale-${runId}/`),
      'the run directory the server made is deleted too',
    );
  } finally {
    tmp.cleanup();
  }
});

test('clean of a run that wrote data but whose records name no object is exit 4 with the reason, never "0 of 0" removed', async () => {
  const run = {
    id: 'norecords1',
    label: null,
    source: 'run',
    status: 'completed',
    backend: 'http-put',
    target: url,
    targetInfo: { backend: 'http-put', target: url, details: { collections: 'mkcol' } },
    workload,
    batchSize: 4,
    plannedBatches: 1,
    toolVersion: 'test',
    nodeVersion: process.version,
    host: {},
    startedAt: new Date().toISOString(),
    finishedAt: null,
    error: null,
  } as unknown as RunRecord;
  await assert.rejects(cleanRun({ run, objects: [], bytesWritten: 4000, concurrency: 2, access: {} }), (e: unknown) => {
    assert.ok(e instanceof RunFailedError);
    assert.equal(e.exitCode, 4);
    assert.match(
      e.message,
      /run norecords1 wrote 4000 bytes to .* but its records name no object that clean can remove/,
    );
    assert.match(e.hint ?? '', /ingest-scale-norecords1/);
    return true;
  });
});

test('a plain PUT server that does not implement OPTIONS (501) passes preflight; another 5xx to OPTIONS is the target failing', async () => {
  files.clear();
  for (const [status, ok] of [
    [501, true],
    [503, false],
  ] as const) {
    optionsStatus = status;
    const b = new HttpPutBackend({ url, connections: 1, runId: `opt${status}`, workload });
    try {
      if (ok) {
        const info = await b.preflight();
        assert.equal(info.details?.allow, 'OPTIONS not implemented');
      } else {
        await assert.rejects(b.preflight(), (e: unknown) => {
          assert.ok(e instanceof RunFailedError);
          assert.match(e.message, /OPTIONS \/store answered HTTP 503/);
          return true;
        });
      }
    } finally {
      optionsStatus = 200;
      await b.close();
    }
  }
});
