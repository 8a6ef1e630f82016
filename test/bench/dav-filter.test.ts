/**
 * DAV_ONLY, the WebDAV benchmark's point filter (bench/dav-bench.ts): server word, body size and
 * concurrency, any part left out.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { davPointSelected } from '../../bench/dav-bench.js';

const APACHE = 'Apache mod_dav_fs';
const NGINX = 'nginx dav_methods';

test('no filter, or a blank one, keeps every point', () => {
  assert.equal(davPointSelected(undefined, APACHE, 1024, 4), true);
  assert.equal(davPointSelected('  ', NGINX, 65536, 16), true);
});

test('a full filter keeps only its point', () => {
  assert.equal(davPointSelected('apache:64k:4', APACHE, 65536, 4), true);
  assert.equal(davPointSelected('apache:64k:4', APACHE, 65536, 16), false);
  assert.equal(davPointSelected('apache:64k:4', APACHE, 1024, 4), false);
  assert.equal(davPointSelected('apache:64k:4', NGINX, 65536, 4), false);
});

test('parts may be left out, and KiB may be written out', () => {
  assert.equal(davPointSelected('nginx', NGINX, 1024, 16), true);
  assert.equal(davPointSelected('nginx', APACHE, 1024, 16), false);
  assert.equal(davPointSelected(':1kib', APACHE, 1024, 4), true);
  assert.equal(davPointSelected(':1k', NGINX, 65536, 4), false);
  assert.equal(davPointSelected('::16', NGINX, 1024, 16), true);
  assert.equal(davPointSelected('::16', NGINX, 1024, 4), false);
});
