#!/usr/bin/env node
/**
 * Builds the native keystream (native/keystream.c → build/Release/ingest_scale_native.node) with
 * the node-gyp that npm carries, against the headers of the running node (its own OpenSSL
 * included), never downloading anything. Run by `npm install` / `npm ci` (the package's install
 * script) and by hand: `node scripts/build-native.mjs`.
 *
 * A machine without a C compiler, make or node's headers still installs: the tool then makes
 * content with crypto.createCipheriv alone (the same bytes, slower; a report says which: its Host
 * line, and host.contentGenerator in `ingest-scale report <run> --format json`). With
 * INGEST_SCALE_REQUIRE_NATIVE=1 (set by .ci/run) a failed build fails the install instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const required = process.env.INGEST_SCALE_REQUIRE_NATIVE === '1';

function giveUp(why) {
  const line = `ingest-scale: the native keystream was not built (${why}); content generation falls back to crypto.createCipheriv (same bytes, slower).`;
  if (required) {
    process.stderr.write(`${line}\nINGEST_SCALE_REQUIRE_NATIVE=1: failing the install.\n`);
    process.exit(1);
  }
  process.stderr.write(`${line}\n`);
  process.exit(0);
}

// npm names its node-gyp to lifecycle scripts; by hand, look beside npm in node's prefix
const prefix = resolve(dirname(process.execPath), '..');
const candidates = [
  process.env.npm_config_node_gyp,
  join(prefix, 'lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js'),
  join(dirname(process.execPath), 'node_modules/npm/node_modules/node-gyp/bin/node-gyp.js'),
];
const nodeGyp = candidates.find((p) => p && existsSync(p));
if (!nodeGyp) giveUp('node-gyp not found beside npm');

// the headers of the running node (they carry OpenSSL's too): never a download
const nodedir = [process.env.npm_config_nodedir, prefix].find(
  (d) => d && existsSync(join(d, 'include/node/node_api.h')),
);
if (!nodedir)
  giveUp(`node's headers not found (looked for ${join(prefix, 'include/node/node_api.h')}); set npm_config_nodedir`);

const r = spawnSync(process.execPath, [nodeGyp, 'rebuild', `--nodedir=${nodedir}`, '--loglevel=warn'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (r.status !== 0) giveUp(`node-gyp rebuild exited ${r.status ?? r.signal}`);
if (!existsSync(join(root, 'build/Release/ingest_scale_native.node')))
  giveUp('node-gyp reported success but left no build/Release/ingest_scale_native.node');
