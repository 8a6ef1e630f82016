/**
 * Fedora 3 reference server — datastream versions (§1.3, §1.4 of
 * docs/protocols.md): dsVersionID numbering, versionable=false replacing the
 * current version, asOfDateTime reads, and DELETE with startDT/endDT.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, addManaged, createObject, freshPid, startHarness, tag } from './fedora3-harness.test.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.stop();
});

async function threeVersions(dsID: string, query = ''): Promise<{ pid: string; dates: string[] }> {
  const pid = freshPid('ver');
  await createObject(h, pid);
  const dates: string[] = [];
  for (const body of ['v0', 'v1', 'v2']) {
    const res = await addManaged(h, pid, dsID, body, query, 'text/plain');
    assert.equal(res.status, 201);
    dates.push(tag(await res.text(), 'dsCreateDate') ?? '');
  }
  return { pid, dates };
}

describe('versions', () => {
  test('versionable (the default): every write adds DSID.n; create dates strictly increase', async () => {
    const { pid, dates } = await threeVersions('VS');
    assert.ok(dates[0]! < dates[1]! && dates[1]! < dates[2]!, dates.join(' < '));
    const xml = await (await fetch(`${h.url}/objects/${pid}/datastreams/VS?format=xml`)).text();
    assert.equal(tag(xml, 'dsVersionID'), 'VS.2');
  });

  test('asOfDateTime reads the version current at that time; before the first → 404', async () => {
    const { pid, dates } = await threeVersions('AS');
    const at = async (d: string): Promise<Response> =>
      fetch(`${h.url}/objects/${pid}/datastreams/AS/content?asOfDateTime=${d}`);
    assert.equal(await (await at(dates[0]!)).text(), 'v0');
    assert.equal(await (await at(dates[1]!)).text(), 'v1');
    assert.equal((await at('2000-01-01T00:00:00Z')).status, 404);
    const profile = await (
      await fetch(`${h.url}/objects/${pid}/datastreams/AS?format=xml&asOfDateTime=${dates[1]!}`)
    ).text();
    assert.equal(tag(profile, 'dsVersionID'), 'AS.1');
    assert.equal((await at('not-a-date')).status, 400);
  });

  test('versionable=false: a write replaces the current version (IDs still increase)', async () => {
    const { pid } = await threeVersions('NV', '&versionable=false');
    const xml = await (await fetch(`${h.url}/objects/${pid}/datastreams/NV?format=xml`)).text();
    assert.equal(tag(xml, 'dsVersionable'), 'false');
    assert.equal(tag(xml, 'dsVersionID'), 'NV.2');
    const purged = (await (
      await fetch(`${h.url}/objects/${pid}/datastreams/NV`, { method: 'DELETE' })
    ).json()) as string[];
    assert.equal(purged.length, 1, 'only one version was kept');
  });

  test('DELETE with startDT/endDT purges only the versions in that window (§1.3)', async () => {
    const { pid, dates } = await threeVersions('WIN');
    const res = await fetch(`${h.url}/objects/${pid}/datastreams/WIN?startDT=${dates[1]!}&endDT=${dates[1]!}`, {
      method: 'DELETE',
    });
    assert.equal(res.status, 200);
    const purged = (await res.json()) as string[];
    assert.equal(purged.length, 1);
    assert.equal(Date.parse(purged[0]!), Date.parse(dates[1]!));
    assert.equal(
      await (await fetch(`${h.url}/objects/${pid}/datastreams/WIN/content`)).text(),
      'v2',
      'the current version stays',
    );
    const none = await fetch(`${h.url}/objects/${pid}/datastreams/WIN?endDT=2000-01-01T00:00:00Z`, {
      method: 'DELETE',
    });
    assert.deepEqual(await none.json(), [], 'an empty window purges nothing');
  });
});
