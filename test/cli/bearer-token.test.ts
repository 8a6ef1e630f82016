/**
 * INGEST_SCALE_TOKEN: sent as `Authorization: Bearer …` on every request of an HTTP backend, never
 * written to the results database, a report or any output; refused beside --user. A 401 names what
 * the server asked for (its WWW-Authenticate schemes) and what the tool can send.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

const TOKEN = 'eyJhbGciOiJub25lIn0.tok3n-f0r-the-leak-test_x9Qz';
let tmp: ReturnType<typeof tempDir>;
let ldp: ServedProcess;
const servers: Server[] = [];

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as { port: number }).port}`;
}

/** Forwards every request to the LDP reference server, keeping each Authorization header it saw. */
async function recordingProxy(upstream: URL, seen: (string | undefined)[]): Promise<string> {
  return listen((req, res) => {
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
}

/** A Solid server with login on: 401 and a DPoP/Bearer challenge to everything. */
const solidLogin = (req: IncomingMessage, res: ServerResponse): void => {
  req.resume();
  res.writeHead(401, {
    'www-authenticate': 'DPoP algs="ES256 PS256", Bearer realm="Solid"',
    'content-type': 'application/json',
  });
  res.end(
    JSON.stringify({
      name: 'UnauthorizedHttpError',
      message: 'No credentials were provided for this pod',
      statusCode: 401,
    }),
  );
};

before(async () => {
  tmp = tempDir();
  ldp = await serve(['--protocol', 'ldp', '--data', join(tmp.dir, 'ldp')]);
});
after(async () => {
  for (const s of servers) await new Promise((resolve) => s.close(resolve));
  await ldp.stop();
  tmp.cleanup();
});

test('the token goes as Authorization: Bearer on every request and reaches no database file, output or report', async () => {
  const seen: (string | undefined)[] = [];
  const upstream = new URL(ldp.url);
  const url = `${await recordingProxy(upstream, seen)}${upstream.pathname}`;
  const db = join(tmp.dir, 'token.db');
  const env = { INGEST_SCALE_TOKEN: TOKEN };
  const r = await runCli(
    [
      'run',
      '--backend',
      'ldp',
      '--url',
      url,
      '-n',
      '8',
      '--batch-size',
      '2',
      '--datastream',
      'D:2KiB',
      '--verify',
      'readback',
      '--db',
      db,
      '--label',
      'token-run',
    ],
    { env },
  );
  assert.equal(r.code, 3, `four batches: INCONCLUSIVE; stderr: ${r.stderr}`);
  assert.ok(seen.length >= 8 * 3, `every request went through the proxy (${seen.length})`);
  assert.deepEqual([...new Set(seen)], [`Bearer ${TOKEN}`], 'every request carried the token, and only it');

  const outputs = [r.stdout, r.stderr];
  for (const format of ['json', 'markdown', 'html', 'junit']) {
    const rep = await runCli(['report', 'last', '--db', db, '--format', format], { env });
    assert.equal(rep.code, 0, rep.stderr);
    outputs.push(rep.stdout, rep.stderr);
  }
  const runs = await runCli(['runs', '--db', db, '--json'], { env });
  outputs.push(runs.stdout, runs.stderr);
  for (const [i, text] of outputs.entries()) assert.equal(text.includes(TOKEN), false, `output ${i} holds the token`);
  const files = readdirSync(tmp.dir).filter((n) => n.startsWith('token.db'));
  assert.ok(files.length > 0);
  for (const f of files) assert.equal(readFileSync(join(tmp.dir, f)).includes(TOKEN), false, `${f} holds the token`);
});

test('--user and INGEST_SCALE_TOKEN together are refused (exit 2) naming both', async () => {
  const r = await runCli(
    [
      'run',
      '--backend',
      'ldp',
      '--url',
      ldp.url,
      '--user',
      'me',
      '-n',
      '4',
      '--batch-size',
      '2',
      '--db',
      join(tmp.dir, 'never.db'),
    ],
    {
      env: { INGEST_SCALE_TOKEN: TOKEN, INGEST_SCALE_PASSWORD: 'pw' },
    },
  );
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--user me and INGEST_SCALE_TOKEN are both given\n {2}hint: choose one/);
  assert.equal(r.stderr.includes(TOKEN), false);
});

test('a Solid pod with login: the 401 hint names DPoP/Bearer (Solid-OIDC) and the two kinds of credentials the tool sends', async () => {
  const url = await listen(solidLogin);
  const r = await runCli([
    'run',
    '--backend',
    'ldp',
    '--flavor',
    'solid',
    '--url',
    `${url}/`,
    '-n',
    '4',
    '--batch-size',
    '2',
    '--db',
    join(tmp.dir, 'never.db'),
  ]);
  assert.equal(r.code, 4, r.stderr);
  assert.match(r.stderr, /refused GET \/ ?: HTTP 401: "No credentials were provided for this pod"/);
  assert.match(
    r.stderr,
    /hint: the server asks for DPoP\/Bearer \(Solid-OIDC login\); this tool sends Basic auth \(--user with INGEST_SCALE_PASSWORD\) or a bearer token \(INGEST_SCALE_TOKEN\)/,
  );
  assert.doesNotMatch(r.stderr, /check --user and/, 'no advice that cannot help');
});

test('a refused token: the hint says the server refused the token of INGEST_SCALE_TOKEN', async () => {
  const url = await listen(solidLogin);
  const r = await runCli(
    [
      'run',
      '--backend',
      'ldp',
      '--flavor',
      'solid',
      '--url',
      `${url}/`,
      '-n',
      '4',
      '--batch-size',
      '2',
      '--db',
      join(tmp.dir, 'never.db'),
    ],
    { env: { INGEST_SCALE_TOKEN: TOKEN } },
  );
  assert.equal(r.code, 4, r.stderr);
  assert.match(
    r.stderr,
    /hint: the server asks for DPoP\/Bearer \(Solid-OIDC login\) and refused the token: check that INGEST_SCALE_TOKEN holds/,
  );
  assert.equal(r.stderr.includes(TOKEN), false);
});
