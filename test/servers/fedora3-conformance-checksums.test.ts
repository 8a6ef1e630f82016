/**
 * Fedora 3 reference server — checksums on datastream ingest (§1.3 "Checksums" and §5 item 7 of
 * docs/protocols.md): computed while streaming, compared only when both
 * checksum and checksumType are given, case-sensitively against lower-case hex.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  type Harness,
  PROFILE_ORDER,
  addManaged,
  childNames,
  newObject as newObjectOn,
  startHarness,
  tag,
} from './fedora3-harness.test.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.stop();
});

const newObject = (): Promise<string> => newObjectOn(h, 'sum');

describe('§1.3 checksums (§5 item 7)', () => {
  const body = 'checksum me';
  const sha256 = createHash('sha256').update(body).digest('hex');
  const md5 = createHash('md5').update(body).digest('hex');

  test('checksumType alone: computed and reported as lower-case hex', async () => {
    const pid = await newObject();
    const xml = await (await addManaged(h, pid, 'C1', body, '&checksumType=SHA-256')).text();
    assert.equal(tag(xml, 'dsChecksumType'), 'SHA-256');
    assert.equal(tag(xml, 'dsChecksum'), sha256);
  });

  test('both checksum and checksumType, matching → 201', async () => {
    const pid = await newObject();
    for (const [type, value] of [
      ['MD5', md5],
      ['SHA-1', createHash('sha1').update(body).digest('hex')],
      ['SHA-512', createHash('sha512').update(body).digest('hex')],
    ] as const) {
      const res = await addManaged(h, pid, `C-${type}`, body, `&checksumType=${type}&checksum=${value}`);
      assert.equal(res.status, 201, type);
    }
  });

  test('a mismatch → 500 "Checksum Mismatch: <computed>" and nothing stored', async () => {
    const pid = await newObject();
    const res = await addManaged(h, pid, 'BAD', body, `&checksumType=SHA-256&checksum=${'0'.repeat(64)}`);
    assert.equal(res.status, 500);
    assert.equal(await res.text(), `Checksum Mismatch: ${sha256}`);
    assert.equal((await fetch(`${h.url}/objects/${pid}/datastreams/BAD?format=xml`)).status, 404);
  });

  test('the comparison is case-sensitive against lower-case hex', async () => {
    const pid = await newObject();
    const res = await addManaged(h, pid, 'UPPER', body, `&checksumType=SHA-256&checksum=${sha256.toUpperCase()}`);
    assert.equal(res.status, 500);
    assert.match(await res.text(), /^Checksum Mismatch/);
  });

  test('a checksum without checksumType is not compared', async () => {
    const pid = await newObject();
    const res = await addManaged(h, pid, 'NOTYPE', body, '&checksum=bogus');
    assert.equal(res.status, 201);
  });

  test('an unknown checksumType → 500; HAVAL (no digest on the JVM) → 500', async () => {
    const pid = await newObject();
    assert.equal((await addManaged(h, pid, 'U1', body, '&checksumType=CRC32')).status, 500);
    assert.equal((await addManaged(h, pid, 'U2', body, '&checksumType=HAVAL')).status, 500);
  });

  test('validateChecksum=true adds dsChecksumValid after dsChecksum (§1.4)', async () => {
    const pid = await newObject();
    await addManaged(h, pid, 'VAL', body, '&checksumType=MD5&altIDs=alt-one');
    const xml = await (await fetch(`${h.url}/objects/${pid}/datastreams/VAL?format=xml&validateChecksum=true`)).text();
    assert.deepEqual(childNames(xml, 'datastreamProfile'), [...PROFILE_ORDER, 'dsChecksumValid', 'dsAltID']);
    assert.equal(tag(xml, 'dsChecksumValid'), 'true');
    assert.equal(tag(xml, 'dsAltID'), 'alt-one');
  });
});

describe('checksum types', () => {
  test('checksumType is case-insensitive and reported canonically; DEFAULT means DISABLED', async () => {
    const pid = await newObject();
    const xml = await (await addManaged(h, pid, 'LC', 'abc', '&checksumType=sha-1')).text();
    assert.equal(tag(xml, 'dsChecksumType'), 'SHA-1');
    assert.equal(tag(xml, 'dsChecksum'), createHash('sha1').update('abc').digest('hex'));
    const def = await (await addManaged(h, pid, 'DEF', 'abc', '&checksumType=DEFAULT')).text();
    assert.equal(tag(def, 'dsChecksumType'), 'DISABLED');
    assert.equal(tag(def, 'dsChecksum'), 'none');
  });

  test('a later PUT keeps the checksum type and recomputes it for the new content', async () => {
    const pid = await newObject();
    await addManaged(h, pid, 'KEEP', 'one', '&checksumType=MD5');
    const res = await fetch(`${h.url}/objects/${pid}/datastreams/KEEP`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body: 'two',
    });
    const xml = await res.text();
    assert.equal(tag(xml, 'dsChecksumType'), 'MD5');
    assert.equal(tag(xml, 'dsChecksum'), createHash('md5').update('two').digest('hex'));
  });
});
