/**
 * A target that answers 500 to every request is the target's failure, never the tool's: `run` and
 * `clean` of every HTTP backend exit 4 with one line naming the request (method and path), the
 * status and the server's own message, and a hint — no stack trace, no "this is a bug".
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ResultsStore } from '../../src/store/results-store.js';
import type { RunRecord } from '../../src/model/records.js';
import type { Workload } from '../../src/workload/workload.js';
import { runCli, tempDir, type CliResult } from '../helpers/cli.js';

const SAID = 'disk on fire: the store behind this server is unavailable';
const S3_ENV = { AWS_ACCESS_KEY_ID: 'test-key', AWS_SECRET_ACCESS_KEY: 'test-secret' };

let tmp: ReturnType<typeof tempDir>;
let server: Server;
let url: string;
const seen: string[] = [];

before(async () => {
  tmp = tempDir();
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      // an S3 endpoint answers with its XML error document, the others with text (as Fedora, Jetty, nginx do)
      if (req.headers['x-amz-content-sha256'] !== undefined) {
        res
          .writeHead(500, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>${SAID}</Message><Resource>${req.url}</Resource></Error>`,
          );
      } else res.writeHead(500, { 'content-type': 'text/plain' }).end(`${SAID}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

after(async () => {
  await new Promise((resolve) => server.close(resolve));
  tmp.cleanup();
});

interface Case {
  backend: string;
  url: () => string;
  args: string[];
  env: Record<string, string>;
  details: Record<string, string | boolean>;
  /** The request the run cannot go on without, as the message must name it. */
  request: RegExp;
}

const CASES: Case[] = [
  {
    backend: 'fedora3',
    url: () => `${url}/fedora`,
    args: ['--pid-namespace', 'bench'],
    env: {},
    details: { pidNamespace: 'bench' },
    request: /GET \/fedora\/describe\?xml=true answered HTTP 500/,
  },
  {
    backend: 'ldp',
    url: () => `${url}/rest`,
    args: ['--flavor', 'fedora6'],
    env: {},
    details: { flavor: 'fedora6' },
    request: /GET \/rest\/? answered HTTP 500/,
  },
  {
    backend: 'http-put',
    url: () => `${url}/dav`,
    args: [],
    env: {},
    details: {},
    request: /(OPTIONS|MKCOL) \/dav\S* answered HTTP 500/,
  },
  {
    backend: 's3',
    url: () => url,
    args: ['--bucket', 'bench'],
    env: S3_ENV,
    details: {},
    request: /GET \/bench\/\?list-type=2\S* answered HTTP 500/,
  },
];

function assertTargetError(r: CliResult, c: Case): void {
  assert.equal(r.code, 4, `exit code 4; stderr: ${r.stderr}`);
  assert.match(r.stderr, c.request, 'names the request and the status');
  assert.match(r.stderr, new RegExp(`answered HTTP 500: "[^"\\n]*${SAID}`), "quotes the server's own message");
  assert.match(r.stderr, /\n {2}hint: \S/, 'a hint of what to check');
  assert.doesNotMatch(r.stderr, /^\s{4}at /m, 'no stack trace');
  assert.doesNotMatch(r.stderr, /internal error|\bbug\b/i, 'not reported as a bug of the tool');
}

const WORKLOAD: Workload = {
  objects: 2,
  batchSize: 1,
  concurrency: 1,
  seed: 1,
  layout: 'flat',
  fanout: { width: 16, depth: 2 },
  verify: 'none',
  datastreams: [
    { id: 'D', size: { kind: 'fixed', bytes: 16 }, contentKind: 'random', mime: 'application/octet-stream' },
  ],
};

/** A results database holding one finished run of `c.backend` whose recorded target is the failing server. */
async function recordedRun(c: Case, db: string): Promise<string> {
  const id = `t5${c.backend
    .replace(/[^a-z0-9]/g, '')
    .padEnd(8, '0')
    .slice(0, 8)}`;
  const target = c.backend === 's3' ? `${url}/bench` : c.url();
  const details =
    c.backend === 's3' ? { endpoint: url, bucket: 'bench', region: 'us-east-1', pathStyle: true } : c.details;
  const run: RunRecord = {
    id,
    label: null,
    source: 'run',
    status: 'completed',
    backend: c.backend,
    target,
    targetInfo: { backend: c.backend, target, details },
    workload: WORKLOAD,
    batchSize: 1,
    plannedBatches: 2,
    toolVersion: '0.0.0',
    nodeVersion: process.version,
    host: { hostname: 'h', platform: 'p', arch: 'a', cpus: 1, cpuModel: 'c', memoryBytes: 1 },
    startedAt: new Date().toISOString(),
    finishedAt: null,
    error: null,
  };
  const store = await ResultsStore.open(db, 'write');
  try {
    await store.createRun(run);
    await store.finishRun(id, 'completed');
  } finally {
    await store.close();
  }
  return id;
}

for (const c of CASES) {
  describe(`${c.backend} against a server that answers 500 to everything`, () => {
    test('run: exit 4 at preflight naming request, status and the server message', async () => {
      const db = join(tmp.dir, `run-${c.backend}.db`);
      const r = await runCli(
        ['run', '--backend', c.backend, '--url', c.url(), ...c.args, '-n', '4', '--batch-size', '2', '--db', db],
        { env: c.env },
      );
      assertTargetError(r, c);
      assert.ok(seen.length > 0, 'the server was asked');
    });

    test('clean: exit 4 naming request, status and the server message', async () => {
      const db = join(tmp.dir, `clean-${c.backend}.db`);
      const id = await recordedRun(c, db);
      const r = await runCli(['clean', id, '--db', db], { env: c.env });
      assertTargetError(r, c);
    });
  });
}

test('s3 --create-bucket: a CreateBucket the store refuses is a target error naming the request and the S3 error', async () => {
  const s3 = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const error = (status: number, code: string, message: string): void => {
        res
          .writeHead(status, { 'content-type': 'application/xml' })
          .end(`<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
      };
      if (req.method === 'PUT') error(400, 'TooManyBuckets', 'You have attempted to create more buckets than allowed');
      else error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    });
  });
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  try {
    const endpoint = `http://127.0.0.1:${(s3.address() as { port: number }).port}`;
    const r = await runCli(
      [
        'run',
        '--backend',
        's3',
        '--url',
        endpoint,
        '--bucket',
        'fresh',
        '--create-bucket',
        '-n',
        '4',
        '--batch-size',
        '2',
        '--db',
        join(tmp.dir, 'never.db'),
      ],
      { env: S3_ENV },
    );
    assert.equal(r.code, 4, r.stderr);
    assert.match(
      r.stderr,
      /PUT \/fresh\/ answered HTTP 400: "TooManyBuckets: You have attempted to create more buckets than allowed"\n {2}hint: bucket fresh could not be created/,
    );
    assert.doesNotMatch(r.stderr, /^\s{4}at /m);
    assert.doesNotMatch(r.stderr, /internal error|\bbug\b/i);
  } finally {
    await new Promise((resolve) => s3.close(resolve));
  }
});
