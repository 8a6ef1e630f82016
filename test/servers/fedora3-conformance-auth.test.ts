/**
 * Fedora 3 reference server — HTTP Basic authentication (§1.6 and §5 item 10 of
 * docs/protocols.md): writes need credentials, reads stay anonymous.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, freshPid, httpRequest, startHarness, tag } from './fedora3-harness.test.js';

let h: Harness;
const good = `Basic ${Buffer.from('fedoraAdmin:s3cret').toString('base64')}`;
const wrong = `Basic ${Buffer.from('fedoraAdmin:nope').toString('base64')}`;

before(async () => {
  h = await startHarness({ user: 'fedoraAdmin', password: 's3cret' });
});
after(async () => {
  await h.stop();
});

function assertChallenge(res: Response): void {
  assert.equal(res.status, 401);
  assert.equal(res.headers.get('www-authenticate'), 'Basic realm="Fedora Repository Server"');
}

describe('§1.6 authentication', () => {
  test('POST without credentials → 401 with a Basic challenge, and nothing is created', async () => {
    const pid = freshPid('auth');
    assertChallenge(await fetch(`${h.url}/objects/${pid}`, { method: 'POST' }));
    assert.equal((await fetch(`${h.url}/objects/${pid}?format=xml`)).status, 404);
  });

  test('wrong password or a malformed Authorization header → 401', async () => {
    const pid = freshPid('auth');
    assertChallenge(await fetch(`${h.url}/objects/${pid}`, { method: 'POST', headers: { Authorization: wrong } }));
    assertChallenge(await fetch(`${h.url}/objects/${pid}`, { method: 'POST', headers: { Authorization: 'Bearer x' } }));
    assertChallenge(
      await fetch(`${h.url}/objects/${pid}`, { method: 'POST', headers: { Authorization: 'Basic !!!' } }),
    );
  });

  test('preemptive Basic auth on a write → 201; ownerId defaults to the authenticated user (§1.2)', async () => {
    const pid = freshPid('auth');
    const res = await fetch(`${h.url}/objects/${pid}`, { method: 'POST', headers: { Authorization: good } });
    assert.equal(res.status, 201);
    const profile = await (await fetch(`${h.url}/objects/${pid}?format=xml`)).text();
    assert.equal(tag(profile, 'objOwnerId'), 'fedoraAdmin');
  });

  test("GET and HEAD stay anonymous: describe, profiles, content (Fedora's default)", async () => {
    const pid = freshPid('auth');
    await fetch(`${h.url}/objects/${pid}`, { method: 'POST', headers: { Authorization: good } });
    assert.equal((await fetch(`${h.url}/describe?xml=true`)).status, 200);
    assert.equal((await fetch(`${h.url}/objects/${pid}?format=xml`)).status, 200);
    assert.equal((await fetch(`${h.url}/objects/${pid}/datastreams/DC/content`)).status, 200);
    assert.equal((await fetch(`${h.url}/objects/${pid}/datastreams/DC/content`, { method: 'HEAD' })).status, 200);
    assert.equal((await fetch(`${h.url}/objects?pid=true&terms=*&resultFormat=xml`)).status, 200);
  });

  test('PUT and DELETE need credentials too; with them they succeed', async () => {
    const pid = freshPid('auth');
    await fetch(`${h.url}/objects/${pid}`, { method: 'POST', headers: { Authorization: good } });
    const ds = `${h.url}/objects/${pid}/datastreams/DS1`;
    assertChallenge(
      await fetch(`${ds}?controlGroup=M`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' }),
    );
    const add = await fetch(`${ds}?controlGroup=M`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Authorization: good },
      body: 'x',
    });
    assert.equal(add.status, 201);
    assertChallenge(await fetch(ds, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'y' }));
    assertChallenge(await fetch(ds, { method: 'DELETE' }));
    assertChallenge(await fetch(`${h.url}/objects/${pid}`, { method: 'DELETE' }));
    assert.equal(
      (await fetch(`${h.url}/objects/${pid}`, { method: 'DELETE', headers: { Authorization: good } })).status,
      200,
    );
  });

  test('POST /objects/nextPID (getNextPID, API-M) needs credentials like a write; with them it mints a PID and creates no object', async () => {
    const next = `${h.url}/objects/nextPID?numPIDs=1&namespace=authnp&format=xml`;
    assertChallenge(await fetch(next, { method: 'POST' }));
    assertChallenge(await fetch(next, { method: 'POST', headers: { Authorization: wrong } }));
    const res = await fetch(next, { method: 'POST', headers: { Authorization: good } });
    assert.equal(res.status, 200);
    const pid = tag(await res.text(), 'pid');
    assert.match(pid ?? '', /^authnp:\d+$/);
    assert.equal((await fetch(`${h.url}/objects/${pid}?format=xml`)).status, 404, 'a minted PID is not an object');
  });

  test('a 401 before a body was read does not break the connection protocol: the answer arrives', async () => {
    const pid = freshPid('auth');
    await fetch(`${h.url}/objects/${pid}`, { method: 'POST', headers: { Authorization: good } });
    const res = await httpRequest(
      h,
      'POST',
      `/fedora/objects/${pid}/datastreams/BIG?controlGroup=M`,
      { 'Content-Type': 'application/octet-stream', 'Content-Length': 64 * 1024 },
      Buffer.alloc(64 * 1024, 1),
    );
    assert.equal(res.status, 401);
    assert.equal(res.headers['www-authenticate'], 'Basic realm="Fedora Repository Server"');
  });
});
