/**
 * The Solid-OIDC client-credentials login against a real Community Solid Server with its identity
 * provider, accounts, pods and WebACL on (test/peers/solid/config-oidc.json; loopback only). The
 * account, pod and client credentials are made through the server's account API. The server's
 * client-credentials tokens live 8 seconds, so a fill longer than that must log in again: the
 * server's own log counts the token requests. A wrong secret is refused before anything is written
 * (exit 4, the issuer's answer), and the secret appears in no output and no byte of the database.
 * Skipped, with the reason, when the peer is not installed (scripts/install-peers.sh).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { REPO_ROOT, runCli, tempDir, type CliResult } from '../helpers/cli.js';
import { makeSolidAccount, type SolidAccount } from '../helpers/solid-account.js';
import { solidInstalled, startSolid, type SolidPeer } from '../helpers/solid-peer.js';

const skip =
  !solidInstalled() && !process.env.CI
    ? 'Community Solid Server is not installed: run scripts/install-peers.sh'
    : false;
const CONFIG = join(REPO_ROOT, 'test', 'peers', 'solid', 'config-oidc.json');
/** ttl.ClientCredentials of the configuration, in ms. */
const TOKEN_LIFE_MS = 8_000;
const VERDICT_EXIT = { PASS: 0, WARN: 0, FAIL: 1, INCONCLUSIVE: 3 } as const;
/** Objects per second of the first fill (4 in flight): sizes the second (1 in flight) to outlast several tokens. */
let firstRate: number | undefined;

let tmp: ReturnType<typeof tempDir>;
let peer: SolidPeer | undefined;
let account: SolidAccount;
let tokenRequests = 0;
/** Every output of the tool in this file, searched for the secret at the end. */
const outputs: CliResult[] = [];

before(async () => {
  tmp = tempDir();
  if (skip) return;
  peer = await startSolid(120_000, CONFIG, {
    host: 'localhost',
    onLogLine: (line) => {
      if (/Received POST request for \/\.oidc\/token\b/.test(line)) tokenRequests++;
    },
  });
  account = await makeSolidAccount(peer.url, 'bench');
});
after(async () => {
  await peer?.stop();
  tmp.cleanup();
});

const db = (): string => join(tmp.dir, 'oidc.db');

async function tool(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const r = await runCli([...args, '--db', db()], { env });
  outputs.push(r);
  return r;
}

const login = (): Record<string, string> => ({
  INGEST_SCALE_CLIENT_ID: account.clientId,
  INGEST_SCALE_CLIENT_SECRET: account.clientSecret,
});

/** A run into the pod with the login, every object read back, no error allowed. */
function fill(objects: number, batchSize: number, concurrency: number): string[] {
  const fixed =
    'run --backend ldp --flavor solid --datastream OBJ:1KiB --verify readback --no-stop-early --json --no-live';
  const sized = { '--url': account.pod, '--oidc-issuer': peer?.url ?? '', '-n': objects, '--batch-size': batchSize };
  const more = { '--concurrency': concurrency, '--max-error-rate': 0 };
  return [...fixed.split(' '), ...Object.entries({ ...sized, ...more }).flatMap(([k, v]) => [k, String(v)])];
}

test(
  'a fill of 2,000 objects into a pod behind the login: every object stored and read back',
  { skip, timeout: 900_000 },
  async () => {
    assert.ok(peer, 'the Solid peer is running (CI must install it: scripts/install-peers.sh)');
    const r = await tool(fill(2000, 100, 4), login());
    if (r.stdout) firstRate = 2000 / (JSON.parse(r.stdout).ingestMs / 1000);
    assert.ok(r.stdout, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.status, 'completed', r.stderr);
    assert.equal(out.objects, 2000);
    assert.equal(out.batches, 20);
    assert.equal(out.failedOps, 0, r.stderr);
    assert.equal(r.code, VERDICT_EXIT[out.verdict as keyof typeof VERDICT_EXIT], r.stderr);
    const runs = JSON.parse((await tool(['runs', '--json'])).stdout) as {
      targetInfo: { details: { oidcIssuer?: string } };
    }[];
    assert.equal(runs[0]?.targetInfo.details.oidcIssuer, peer.url, 'the issuer (never the credentials) is recorded');
  },
);

test(
  'a fill longer than the token lives logs in again before it expires, and clean logs in as the run did',
  { skip, timeout: 600_000 },
  async (t) => {
    assert.ok(peer, 'the Solid peer is running');
    // one object in flight is slower than the first fill's four: this many take several token lifetimes
    const objects = Math.min(2000, Math.max(300, 100 * Math.ceil(((firstRate ?? 20) * 6 * TOKEN_LIFE_MS) / 100_000)));
    const before = tokenRequests;
    const r = await tool(fill(objects, objects / 10, 1), login());
    const logins = tokenRequests - before;
    const out = JSON.parse(r.stdout);
    assert.equal(out.status, 'completed', r.stderr);
    assert.equal(out.failedOps, 0, r.stderr);
    assert.ok(out.ingestMs > TOKEN_LIFE_MS, `${objects} objects took ${out.ingestMs} ms: too few to need new tokens`);
    // a token is renewed once three quarters of its life have passed: at least one login per lifetime
    const atLeast = 1 + Math.floor(out.ingestMs / TOKEN_LIFE_MS);
    t.diagnostic(`${objects} objects in ${Math.round(out.ingestMs)} ms of ingest; ${logins} token requests in the run`);
    assert.ok(
      logins >= atLeast,
      `${logins} logins in a ${Math.round(out.ingestMs)} ms fill; expected at least ${atLeast}`,
    );

    // clean takes the run's recorded issuer; the credentials only from the environment
    const refused = await tool(['clean', out.runId]);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /--oidc-issuer http:\/\/localhost:\d+\/ needs INGEST_SCALE_CLIENT_ID/);
    const cleaned = await tool(['clean', out.runId, '--json'], login());
    assert.equal(cleaned.code, 0, cleaned.stderr);
    assert.equal(JSON.parse(cleaned.stdout).removed, objects);
  },
);

test(
  'a wrong secret is refused by the issuer before anything is written: exit 4 with its answer',
  { skip, timeout: 120_000 },
  async () => {
    assert.ok(peer, 'the Solid peer is running');
    const runsBefore = JSON.parse((await tool(['runs', '--json'])).stdout).length;
    const wrong = await tool(fill(100, 10, 1), { ...login(), INGEST_SCALE_CLIENT_SECRET: 'not-the-secret-4711' });
    assert.equal(wrong.code, 4, wrong.stderr);
    assert.match(wrong.stderr, /refused the Solid-OIDC login: invalid_client/);
    assert.match(wrong.stderr, /hint: check INGEST_SCALE_CLIENT_ID and INGEST_SCALE_CLIENT_SECRET/);
    assert.doesNotMatch(wrong.stderr, /not-the-secret-4711/);
    assert.equal(JSON.parse((await tool(['runs', '--json'])).stdout).length, runsBefore, 'no run was recorded');

    const missing = await tool(fill(100, 10, 1), { INGEST_SCALE_CLIENT_ID: account.clientId });
    assert.equal(missing.code, 2, missing.stderr);
    assert.match(missing.stderr, /needs INGEST_SCALE_CLIENT_SECRET/);
  },
);

test('the secret is in no output and no byte of the database', { skip }, () => {
  assert.ok(outputs.length >= 5, 'the runs before this test ran');
  const secret = account.clientSecret;
  for (const r of outputs) {
    assert.ok(!r.stdout.includes(secret), 'stdout holds the secret');
    assert.ok(!r.stderr.includes(secret), 'stderr holds the secret');
  }
  const files = readdirSync(tmp.dir).filter((f) => f.startsWith('oidc.db'));
  assert.ok(files.includes('oidc.db'));
  for (const f of files) {
    const bytes = readFileSync(join(tmp.dir, f));
    assert.equal(bytes.indexOf(secret), -1, `${f} holds the secret`);
    assert.equal(bytes.indexOf('not-the-secret-4711'), -1, `${f} holds the wrong secret`);
  }
});
