/**
 * Fedora 3 reference server — root page, describe, object ingest, PIDs, profiles, purge, minting.
 * Section numbers are those of docs/protocols.md.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type Harness,
  childNames,
  createObject,
  freshPid,
  httpRequest,
  startHarness,
  tag,
} from './fedora3-harness.test.js';

let h: Harness;
before(async () => {
  h = await startHarness({ repositoryName: 'Conformance Repo' });
});
after(async () => {
  await h.stop();
});

describe('§1.1 root page and §1.5 describe', () => {
  test('GET /fedora/ is the redirect page benchtool detects (§1.1, §3.1)', async () => {
    const res = await fetch(`${h.url}/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    const html = await res.text();
    assert.ok(html.includes('<title>Redirecting...</title>'));
    assert.ok(html.includes('<meta http-equiv="refresh" content="0;url=describe">'));
  });

  test('GET /fedora redirects to /fedora/', async () => {
    const res = await fetch(h.url, { redirect: 'manual' });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), `${h.url}/`);
  });

  test('describe?xml=true is text/xml; charset=UTF-8 <fedoraRepository> in the access namespace (§1.5)', async () => {
    const res = await fetch(`${h.url}/describe?xml=true`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/xml; charset=UTF-8');
    const xml = await res.text();
    assert.match(xml, /<fedoraRepository xmlns="http:\/\/www\.fedora\.info\/definitions\/1\/0\/access\/"/);
    assert.deepEqual(childNames(xml, 'fedoraRepository'), [
      'repositoryName',
      'repositoryBaseURL',
      'repositoryVersion',
      'repositoryPID',
      'repositoryOAI-identifier',
      'sampleSearch-URL',
      'sampleAccess-URL',
      'sampleOAI-URL',
      'adminEmail',
    ]);
    assert.equal(tag(xml, 'repositoryName'), 'Conformance Repo');
    assert.equal(tag(xml, 'repositoryBaseURL'), h.url);
    assert.equal(tag(xml, 'repositoryVersion'), '3.8.1');
    assert.deepEqual(childNames(xml, 'repositoryPID'), [
      'PID-namespaceIdentifier',
      'PID-delimiter',
      'PID-sample',
      'retainPID',
    ]);
  });

  test('describe without xml=true is HTML (§1.5)', async () => {
    const res = await fetch(`${h.url}/describe`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  });
});

describe('§1.2 ingest: POST /objects/{pid}', () => {
  test('an empty POST creates the object: 201, Location with the colon encoded, body = bare PID (§1.2, §5 item 2)', async () => {
    const pid = freshPid();
    const res = await createObject(h, pid, '?label=Hello&ownerId=alice&state=i');
    assert.equal(res.headers.get('location'), `${h.url}/objects/${pid.replace(':', '%3A')}`);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(await res.text(), pid);
    const profile = await (await fetch(`${h.url}/objects/${pid}?format=xml`)).text();
    assert.equal(tag(profile, 'objLabel'), 'Hello');
    assert.equal(tag(profile, 'objOwnerId'), 'alice');
    assert.equal(tag(profile, 'objState'), 'I', 'only the first character of state, upper-cased');
  });

  test('the empty ingest auto-creates DC: label, text/xml, dc:title and dc:identifier (§1.2)', async () => {
    const pid = freshPid();
    await createObject(h, pid, '?label=My%20Title');
    const profile = await (await fetch(`${h.url}/objects/${pid}/datastreams/DC?format=xml`)).text();
    assert.equal(tag(profile, 'dsLabel'), 'Dublin Core Record for this object');
    assert.equal(tag(profile, 'dsMIME'), 'text/xml');
    assert.equal(tag(profile, 'dsControlGroup'), 'X');
    const dc = await (await fetch(`${h.url}/objects/${pid}/datastreams/DC/content`)).text();
    assert.match(dc, /<dc:title>My Title<\/dc:title>/);
    assert.match(dc, new RegExp(`<dc:identifier>${pid}</dc:identifier>`));
  });

  test("an existing PID is 500 text/plain with Fedora's message, not 409 (§1.2, §5 item 2)", async () => {
    const pid = freshPid();
    await createObject(h, pid);
    const res = await fetch(`${h.url}/objects/${pid}`, { method: 'POST' });
    assert.equal(res.status, 500);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(await res.text(), `The PID '${pid}' already exists in the registry; the object can't be re-created.`);
  });

  test('%3A and %3a are accepted as the colon; the stored PID has ":" (§1.1)', async () => {
    const res = await fetch(`${h.url}/objects/test%3Acolon-${process.pid}`, { method: 'POST' });
    assert.equal(res.status, 201);
    assert.equal(await res.text(), `test:colon-${process.pid}`);
    const lower = await fetch(`${h.url}/objects/test%3acolon2-${process.pid}`, { method: 'POST' });
    assert.equal(lower.status, 201);
    assert.equal(lower.headers.get('location'), `${h.url}/objects/test%3Acolon2-${process.pid}`);
  });

  test('%XX escapes in the object id are normalised to upper-case hex (§1.1 PID grammar)', async () => {
    const res = await fetch(`${h.url}/objects/test:esc-${process.pid}-%252f`, { method: 'POST' });
    assert.equal(res.status, 201);
    assert.equal(await res.text(), `test:esc-${process.pid}-%2F`);
    assert.equal(
      res.headers.get('location'),
      `${h.url}/objects/test%3Aesc-${process.pid}-%252F`,
      'URLEncoder.encode: % → %25',
    );
  });

  test('a PID segment failing the route regex matches no resource: 404 (§1.1, §5 item 1)', async () => {
    for (const bad of ['nocolon', 'de%20mo:1', 'demo:a@b', ':1', 'demo:', 'demo:a%2a', 'demo:a+b']) {
      const res = await fetch(`${h.url}/objects/${bad}`, { method: 'POST' });
      assert.equal(res.status, 404, bad);
    }
  });

  test('a segment that matches the regex but decodes to an invalid PID is 400 (§1.1 PID grammar)', async () => {
    const res = await fetch(`${h.url}/objects/demo:a%20b`, { method: 'POST' });
    assert.equal(res.status, 400, 'the escape passes the route; the decoded space fails PID validation');
    assert.equal(
      (await fetch(`${h.url}/objects/demo:a%2F`, { method: 'POST' })).status,
      400,
      'an encoded slash is refused by the container',
    );
  });

  test('a PID passing the regex but over 64 characters is 400 with a validation report (§1.1)', async () => {
    const pid = `test:${'x'.repeat(60)}`;
    const res = await fetch(`${h.url}/objects/${pid}`, { method: 'POST' });
    assert.equal(res.status, 400);
    assert.match(res.headers.get('content-type') ?? '', /^text\/xml/);
    assert.match(await res.text(), /<validation /);
    const ok = `test:${'x'.repeat(59)}`;
    assert.equal(ok.length, 64);
    assert.equal((await fetch(`${h.url}/objects/${ok}`, { method: 'POST' })).status, 201);
  });

  test('a Content-Type outside @Consumes is 415; text/xml with no body still creates (§1.2)', async () => {
    const res = await fetch(`${h.url}/objects/${freshPid()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: '<x/>',
    });
    assert.equal(res.status, 415);
    const empty = await httpRequest(h, 'POST', `/fedora/objects/${freshPid()}`, {
      'Content-Type': 'text/xml',
      'Content-Length': 0,
    });
    assert.equal(empty.status, 201);
  });

  test('a non-XML multipart part is ignored and an empty object is created (§1.2 gotcha)', async () => {
    const form = new FormData();
    form.append('file', new Blob(['not foxml'], { type: 'application/octet-stream' }), 'x.bin');
    const pid = freshPid();
    const res = await fetch(`${h.url}/objects/${pid}`, { method: 'POST', body: form });
    assert.equal(res.status, 201);
    assert.equal(await res.text(), pid);
  });

  test('flash=true turns a mapped error (404, 400) into 200; unmapped 500s stay (§1.2 parameters)', async () => {
    const missing = await fetch(`${h.url}/objects/test:flash-missing?format=xml&flash=true`);
    assert.equal(missing.status, 200);
    assert.match(await missing.text(), /test:flash-missing/);
    const pid = freshPid();
    await createObject(h, pid);
    assert.equal((await fetch(`${h.url}/objects/${pid}?flash=true`, { method: 'POST' })).status, 500);
  });

  test('an object label over 255 characters is 500 (§1.1)', async () => {
    const res = await fetch(`${h.url}/objects/${freshPid()}?label=${'l'.repeat(256)}`, { method: 'POST' });
    assert.equal(res.status, 500);
  });
});

describe('§1.2 /objects/new and §1.5 nextPID', () => {
  test('POST /objects/new?namespace= mints a PID: 201, Location, body = PID', async () => {
    const res = await fetch(`${h.url}/objects/new?namespace=minted&label=m`, { method: 'POST' });
    assert.equal(res.status, 201);
    const pid = await res.text();
    assert.match(pid, /^minted:\d+$/);
    assert.equal(res.headers.get('location'), `${h.url}/objects/${pid.replace(':', '%3A')}`);
    const again = await (await fetch(`${h.url}/objects/new?namespace=minted`, { method: 'POST' })).text();
    assert.notEqual(again, pid);
  });

  test('minting skips numbers taken by explicit PIDs', async () => {
    await createObject(h, 'skip:1');
    const res = await fetch(`${h.url}/objects/new?namespace=skip`, { method: 'POST' });
    assert.equal(await res.text(), 'skip:2');
  });

  test('POST /objects/nextPID?numPIDs=3&format=xml returns <pidList> in the management namespace (§1.5)', async () => {
    const res = await fetch(`${h.url}/objects/nextPID?numPIDs=3&namespace=np&format=xml`, { method: 'POST' });
    assert.equal(res.status, 200);
    const xml = await res.text();
    assert.match(xml, /<pidList xmlns="http:\/\/www\.fedora\.info\/definitions\/1\/0\/management\/"/);
    assert.deepEqual(
      [...xml.matchAll(/<pid>([^<]+)<\/pid>/g)].map((m) => m[1]),
      ['np:1', 'np:2', 'np:3'],
    );
  });
});

describe('§1.4 objectProfile, §1.5 purge', () => {
  test('GET /objects/{pid}?format=xml: objectProfile (access namespace), children in order (§1.4)', async () => {
    const pid = freshPid();
    await createObject(h, pid, '?label=P');
    const res = await fetch(`${h.url}/objects/${pid}?format=xml`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/xml/);
    const xml = await res.text();
    assert.match(
      xml,
      new RegExp(`<objectProfile xmlns="http://www\\.fedora\\.info/definitions/1/0/access/"[^>]* pid="${pid}"`),
    );
    assert.deepEqual(childNames(xml, 'objectProfile'), [
      'objLabel',
      'objOwnerId',
      'objModels',
      'objCreateDate',
      'objLastModDate',
      'objDissIndexViewURL',
      'objItemIndexViewURL',
      'objState',
    ]);
    assert.equal(tag(xml, 'model'), 'info:fedora/fedora-system:FedoraObject-3.0');
    assert.match(tag(xml, 'objCreateDate') ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  test('the default profile format is HTML (§1.4)', async () => {
    const pid = freshPid();
    await createObject(h, pid);
    const res = await fetch(`${h.url}/objects/${pid}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  });

  test('a missing object is 404 text/plain (§1.6)', async () => {
    const res = await fetch(`${h.url}/objects/test:missing-object?format=xml`);
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  });

  test('DELETE /objects/{pid}: 200 text/plain XSD dateTime; then GET is 404; again DELETE is 404 (§1.5, §5 item 8)', async () => {
    const pid = freshPid();
    await createObject(h, pid);
    const res = await fetch(`${h.url}/objects/${pid}`, { method: 'DELETE' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(await res.text(), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/);
    assert.equal((await fetch(`${h.url}/objects/${pid}?format=xml`)).status, 404);
    assert.equal((await fetch(`${h.url}/objects/${pid}/datastreams/DC/content`)).status, 404);
    assert.equal((await fetch(`${h.url}/objects/${pid}`, { method: 'DELETE' })).status, 404);
    assert.equal(
      (await fetch(`${h.url}/objects/${pid}`, { method: 'POST' })).status,
      201,
      'a purged PID can be re-ingested',
    );
  });

  test('PUT /objects/{pid} modifies label and state: 200 text/plain date; stale lastModifiedDate is 409 (§1.6)', async () => {
    const pid = freshPid();
    await createObject(h, pid, '?label=old');
    const res = await fetch(`${h.url}/objects/${pid}?label=new&state=D`, { method: 'PUT' });
    assert.equal(res.status, 200);
    const profile = await (await fetch(`${h.url}/objects/${pid}?format=xml`)).text();
    assert.equal(tag(profile, 'objLabel'), 'new');
    assert.equal(tag(profile, 'objState'), 'D');
    const stale = await fetch(`${h.url}/objects/${pid}?label=x&lastModifiedDate=2000-01-01T00:00:00Z`, {
      method: 'PUT',
    });
    assert.equal(stale.status, 409);
  });
});
