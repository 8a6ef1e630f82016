/**
 * DELETE and tombstones on the LDP reference server (docs/protocols.md §2.5, §5.18, and §2.2 for
 * Slugs that hit a tombstone): recursive deletes, 410 with the hasTombstone link at and below the
 * deleted path, purging the tombstone, and Overwrite-Tombstone. Both containment modes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  MODES,
  containedUris,
  links,
  putBinary,
  putContainer,
  startTemp,
  type TestServer,
} from './ldp-harness.test.js';

async function assertGone(t: TestServer, r: Response, tombstoneOf: string): Promise<void> {
  assert.equal(r.status, 410);
  assert.match(r.headers.get('content-type') ?? '', /^text\/plain/);
  assert.deepEqual(
    links(r)
      .filter((l) => l.rel === 'hasTombstone')
      .map((l) => l.uri),
    [`${t.url}${tombstoneOf}/fcr:tombstone`],
  );
  await r.text();
}

for (const mode of MODES) {
  describe(`ldp server delete and tombstones (${mode} containment)`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTemp(mode);
    });
    after(async () => {
      await t.close();
    });

    test('§2.5/§5.18: DELETE → 204, recursive; GET/PUT/POST at or below → 410 with hasTombstone', async () => {
      await putContainer(t, '/tree');
      await putContainer(t, '/tree/branch');
      assert.equal((await putBinary(t, '/tree/branch/leaf', 'data')).status, 201);
      const del = await t.fetch('/tree', { method: 'DELETE' });
      assert.equal(del.status, 204);
      assert.equal(await del.text(), '');
      await assertGone(t, await t.fetch('/tree'), '/tree');
      await assertGone(t, await t.fetch('/tree/branch'), '/tree');
      await assertGone(t, await t.fetch('/tree/branch/leaf'), '/tree');
      await assertGone(t, await t.fetch('/tree', { method: 'PUT' }), '/tree');
      await assertGone(t, await t.fetch('/tree/branch/new', { method: 'PUT' }), '/tree');
      await assertGone(t, await t.fetch('/tree', { method: 'POST' }), '/tree');
      await assertGone(t, await t.fetch('/tree/branch', { method: 'POST', headers: { Slug: 'x' } }), '/tree');
      await assertGone(t, await t.fetch('/tree', { method: 'DELETE' }), '/tree');
      assert.ok(!containedUris(await (await t.fetch('')).text()).includes(`${t.url}/tree`));
    });

    test('§2.5: DELETE …/fcr:tombstone → 204 and the path is reusable (children stay gone); none → 404', async () => {
      await putContainer(t, '/reuse');
      await putContainer(t, '/reuse/kid');
      assert.equal((await t.fetch('/reuse', { method: 'DELETE' })).status, 204);
      const purge = await t.fetch('/reuse/fcr:tombstone', { method: 'DELETE' });
      assert.equal(purge.status, 204);
      assert.equal((await t.fetch('/reuse')).status, 404);
      assert.equal((await t.fetch('/reuse/kid')).status, 404);
      assert.equal((await t.fetch('/reuse', { method: 'PUT' })).status, 201);
      assert.deepEqual(containedUris(await (await t.fetch('/reuse')).text()), []);
      assert.equal((await t.fetch('/reuse/fcr:tombstone', { method: 'DELETE' })).status, 404);
      assert.equal((await t.fetch('/never/fcr:tombstone', { method: 'DELETE' })).status, 404);
    });

    test('§2.5: other methods on an existing tombstone → 405 (Allow: DELETE)', async () => {
      await putContainer(t, '/tomb-get');
      await t.fetch('/tomb-get', { method: 'DELETE' });
      const r = await t.fetch('/tomb-get/fcr:tombstone');
      assert.equal(r.status, 405);
      assert.equal(r.headers.get('allow'), 'DELETE');
    });

    test('§5.18: Overwrite-Tombstone: true on PUT recreates the deleted path', async () => {
      assert.equal((await putBinary(t, '/phoenix', 'first')).status, 201);
      assert.equal((await t.fetch('/phoenix', { method: 'DELETE' })).status, 204);
      await assertGone(t, await putBinary(t, '/phoenix', 'second'), '/phoenix');
      const r = await putBinary(t, '/phoenix', 'second', { 'Overwrite-Tombstone': 'true' });
      assert.equal(r.status, 201);
      assert.equal(await (await t.fetch('/phoenix')).text(), 'second');
      assert.ok(containedUris(await (await t.fetch('')).text()).includes(`${t.url}/phoenix`));
    });

    test('§2.2: a POST Slug that names a tombstone gets a new UUID path instead', async () => {
      await putContainer(t, '/slug-tomb');
      await (await t.fetch('/slug-tomb', { method: 'POST', headers: { Slug: 'gone' } })).text();
      assert.equal((await t.fetch('/slug-tomb/gone', { method: 'DELETE' })).status, 204);
      const r = await t.fetch('/slug-tomb', { method: 'POST', headers: { Slug: 'gone' } });
      assert.equal(r.status, 201);
      assert.notEqual(r.headers.get('location'), `${t.url}/slug-tomb/gone`);
      await assertGone(t, await t.fetch('/slug-tomb/gone'), '/slug-tomb/gone');
    });

    test('a deleted child leaves its parent listing; the parent itself stays', async () => {
      await putContainer(t, '/parent');
      for (const s of ['a', 'b', 'c'])
        await (await t.fetch('/parent', { method: 'POST', headers: { Slug: s } })).text();
      assert.equal((await t.fetch('/parent/b', { method: 'DELETE' })).status, 204);
      assert.deepEqual(containedUris(await (await t.fetch('/parent')).text()), [
        `${t.url}/parent/a`,
        `${t.url}/parent/c`,
      ]);
    });

    test('DELETE of a missing path → 404; of the root → 405; Depth other than infinity → 400', async () => {
      assert.equal((await t.fetch('/nothing-here', { method: 'DELETE' })).status, 404);
      const root = await t.fetch('', { method: 'DELETE' });
      assert.equal(root.status, 405);
      assert.ok(!(root.headers.get('allow') ?? '').includes('DELETE'));
      await putContainer(t, '/depth');
      assert.equal((await t.fetch('/depth', { method: 'DELETE', headers: { Depth: '1' } })).status, 400);
      assert.equal((await t.fetch('/depth', { method: 'DELETE', headers: { Depth: 'infinity' } })).status, 204);
    });
  });
}
