/**
 * Fedora 3 reference server — findObjects (§1.5 of docs/protocols.md):
 * field flags, terms with * and ? wildcards, query conditions, listSession paging.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, childNames, createObject, startHarness, tag } from './fedora3-harness.test.js';

let h: Harness;
before(async () => {
  h = await startHarness();
  for (let i = 1; i <= 12; i++) await createObject(h, `page:${String(i).padStart(2, '0')}`, `?label=Page%20${i}`);
  await createObject(h, 'other:a1', '?label=Something%20Else&ownerId=carol');
  await createObject(h, 'other:b22', '?label=Another');
});
after(async () => {
  await h.stop();
});

const pids = (xml: string): string[] => [...xml.matchAll(/<pid>([^<]+)<\/pid>/g)].map((m) => m[1] ?? '');

async function search(query: string): Promise<{ status: number; type: string; xml: string }> {
  const res = await fetch(`${h.url}/objects?${query}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', xml: await res.text() };
}

describe('§1.5 findObjects', () => {
  test('resultFormat=xml: <result> in the types namespace with <resultList><objectFields><pid>', async () => {
    const r = await search('pid=true&terms=other:*&resultFormat=xml');
    assert.equal(r.status, 200);
    assert.match(r.type, /^text\/xml/);
    assert.match(r.xml, /<result xmlns="http:\/\/www\.fedora\.info\/definitions\/1\/0\/types\/"/);
    assert.deepEqual(childNames(r.xml, 'result'), ['resultList'], 'no listSession when everything fits');
    assert.deepEqual(pids(r.xml), ['other:a1', 'other:b22']);
  });

  test('no field flag → an empty result list, even with terms', async () => {
    const r = await search('terms=*&resultFormat=xml');
    assert.equal(r.status, 200);
    assert.deepEqual(pids(r.xml), []);
    assert.match(r.xml, /<resultList>\s*<\/resultList>/);
  });

  test('? matches one character; terms are case-insensitive', async () => {
    assert.deepEqual(pids((await search('pid=true&terms=other:??&resultFormat=xml')).xml), ['other:a1']);
    assert.deepEqual(pids((await search('pid=true&terms=OTHER:B*&resultFormat=xml')).xml), ['other:b22']);
  });

  test("terms also match words of the label; wanted fields appear in Fedora's order", async () => {
    const r = await search('label=true&pid=true&ownerId=true&terms=else&resultFormat=xml');
    assert.deepEqual(pids(r.xml), ['other:a1']);
    assert.deepEqual(childNames(r.xml.replace(/[\s\S]*<resultList>/, '<resultList>'), 'objectFields'), [
      'pid',
      'label',
      'ownerId',
    ]);
    assert.equal(tag(r.xml, 'ownerId'), 'carol');
  });

  test('query conditions: = exact, ~ wildcard, several conditions all hold', async () => {
    assert.deepEqual(pids((await search('pid=true&query=pid%3Dother:a1&resultFormat=xml')).xml), ['other:a1']);
    assert.deepEqual(pids((await search("pid=true&query=pid~other:*%20label%3D'Another'&resultFormat=xml")).xml), [
      'other:b22',
    ]);
    assert.deepEqual(pids((await search('pid=true&query=cDate%3E%3D2000-01-01%20pid~other*&resultFormat=xml')).xml), [
      'other:a1',
      'other:b22',
    ]);
  });

  test('an empty query matches everything; a malformed one is 500; neither terms nor query is 500', async () => {
    assert.equal(pids((await search('pid=true&query=&maxResults=100&resultFormat=xml')).xml).length, 14);
    assert.equal((await search('pid=true&query=pid&resultFormat=xml')).status, 500);
    assert.equal((await search('pid=true&query=nosuchfield%3Dx&resultFormat=xml')).status, 500);
    assert.equal((await search('pid=true&resultFormat=xml')).status, 500);
  });

  test('maxResults pages with listSession; sessionToken resumes until the list is complete', async () => {
    const first = await search('pid=true&terms=page:*&maxResults=5&resultFormat=xml');
    assert.deepEqual(childNames(first.xml, 'result'), ['listSession', 'resultList']);
    assert.deepEqual(childNames(first.xml, 'listSession'), ['token', 'cursor', 'completeListSize', 'expirationDate']);
    assert.equal(tag(first.xml, 'cursor'), '0');
    assert.equal(tag(first.xml, 'completeListSize'), '12');
    const token = tag(first.xml, 'token') ?? '';
    const seen = [...pids(first.xml)];
    const second = await search(`sessionToken=${token}&resultFormat=xml`);
    assert.equal(tag(second.xml, 'cursor'), '5');
    seen.push(...pids(second.xml));
    const third = await search(`sessionToken=${token}&resultFormat=xml`);
    assert.equal(tag(third.xml, 'listSession'), undefined, 'the last page has no listSession');
    seen.push(...pids(third.xml));
    assert.deepEqual(
      seen,
      Array.from({ length: 12 }, (_, i) => `page:${String(i + 1).padStart(2, '0')}`),
    );
    assert.equal((await search(`sessionToken=${token}&resultFormat=xml`)).status, 500, 'a finished session is gone');
  });

  test('the default result format is HTML; a non-numeric maxResults is 404 (JAX-RS @QueryParam conversion)', async () => {
    const r = await search('pid=true&terms=*');
    assert.match(r.type, /^text\/html/);
    assert.equal((await search('pid=true&terms=*&maxResults=many')).status, 404);
  });
});
