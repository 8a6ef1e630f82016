/**
 * The plain HTTP PUT backend against Apache 2.4 mod_dav_fs (a PUT into a missing collection is 409:
 * MKCOL first), and a --url that names no collection stopping the run before any batch.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { apacheInstalled, startApache } from '../helpers/apache-peer.js';
import { httpPutSuite, listing } from './http-put-suite.js';

httpPutSuite({
  name: 'Apache mod_dav_fs',
  installed: apacheInstalled,
  missing: 'apache2 not installed',
  start: startApache,
  freshPerTarget: false,
  modes: ['mkcol'],
});

const skip = !apacheInstalled() && !process.env.CI ? 'apache2 not installed' : false;

test(
  'a --url naming no WebDAV collection stops the run at preflight: exit 4, the MKCOL and its status named, nothing written',
  { skip },
  async () => {
    const peer = await startApache();
    const tmp = tempDir();
    try {
      const r = await runCli([
        'run',
        '--backend',
        'http-put',
        '--url',
        `${peer.url}/nowhere`,
        '-n',
        '20',
        '--batch-size',
        '10',
        '--db',
        join(tmp.dir, 'r.db'),
      ]);
      assert.equal(r.code, 4, r.stderr);
      assert.match(r.stderr, /MKCOL \/dav\/nowhere\/ingest-scale-\w+\/ answered HTTP 409: "[^"]*Conflict/);
      assert.match(r.stderr, /hint: the collection that --url names does not exist: check --url/);
      assert.doesNotMatch(r.stderr, /ingest-scale: internal error|^\s+at /m, 'a target error, not a bug of the tool');
      assert.deepEqual(listing(peer.root), []);
    } finally {
      tmp.cleanup();
      await peer.stop();
    }
  },
);

test(
  '--collections none against Apache: every PUT into a missing collection fails (409), the run stops with exit 4',
  { skip },
  async () => {
    const peer = await startApache();
    const tmp = tempDir();
    try {
      const r = await runCli([
        'run',
        '--backend',
        'http-put',
        '--url',
        peer.url,
        '--collections',
        'none',
        '-n',
        '20',
        '--batch-size',
        '10',
        '--db',
        join(tmp.dir, 'r.db'),
      ]);
      assert.equal(r.code, 4, r.stderr);
      assert.match(r.stderr, /E_HTTP_409/);
    } finally {
      tmp.cleanup();
      await peer.stop();
    }
  },
);
