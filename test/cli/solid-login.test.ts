/**
 * A real Community Solid Server with access control on (WebACL, no grant for anonymous agents): the
 * run stops at preflight with exit 4, and the hint names what the server asked for — its
 * `WWW-Authenticate: Bearer scope="openid webid"`, a Solid-OIDC login — and what the tool can send,
 * instead of advising --user and INGEST_SCALE_PASSWORD, which cannot help there.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { REPO_ROOT, runCli, tempDir } from '../helpers/cli.js';
import { solidInstalled, startSolid, type SolidPeer } from '../helpers/solid-peer.js';

const skip =
  !solidInstalled() && !process.env.CI
    ? 'Community Solid Server is not installed: run scripts/install-peers.sh'
    : false;
let tmp: ReturnType<typeof tempDir>;
let peer: SolidPeer | undefined;

before(async () => {
  tmp = tempDir();
  if (skip) return;
  // the suite's open configuration with WebACL authorization in place of allow-all
  const open = readFileSync(join(REPO_ROOT, 'test', 'peers', 'solid', 'config.json'), 'utf8');
  const withAcl = open.replace(
    'css:config/ldp/authorization/allow-all.json',
    'css:config/ldp/authorization/webacl.json',
  );
  assert.notEqual(withAcl, open, 'the open configuration names allow-all.json');
  const config = join(tmp.dir, 'webacl-config.json');
  writeFileSync(config, withAcl);
  peer = await startSolid(90_000, config);
});
after(async () => {
  await peer?.stop();
  tmp.cleanup();
});

test(
  'Solid with login on: exit 4 at preflight, the hint names Bearer (Solid-OIDC) and INGEST_SCALE_TOKEN',
  { skip, timeout: 120_000 },
  async () => {
    const url = (peer as SolidPeer).url;
    const db = join(tmp.dir, 'never.db');
    const r = await runCli([
      'run',
      '--backend',
      'ldp',
      '--flavor',
      'solid',
      '--url',
      url,
      '-n',
      '4',
      '--batch-size',
      '2',
      '--db',
      db,
    ]);
    assert.equal(r.code, 4, r.stderr);
    assert.match(r.stderr, /refused GET \/: HTTP 401: "UnauthorizedHttpError"/);
    assert.match(
      r.stderr,
      /hint: the server asks for Bearer \(Solid-OIDC login\); this tool sends Basic auth \(--user with INGEST_SCALE_PASSWORD\) or a bearer token \(INGEST_SCALE_TOKEN\)/,
    );
    assert.equal(existsSync(db), false, 'nothing recorded');

    const withToken = await runCli(
      ['run', '--backend', 'ldp', '--flavor', 'solid', '--url', url, '-n', '4', '--batch-size', '2', '--db', db],
      { env: { INGEST_SCALE_TOKEN: 'not.a.valid.token' } },
    );
    assert.equal(withToken.code, 4, withToken.stderr);
    assert.match(
      withToken.stderr,
      /hint: the server asks for Bearer \(Solid-OIDC login\) and refused the token: check that INGEST_SCALE_TOKEN/,
    );
  },
);
