/**
 * THE point of the LDP reference server (docs/protocols.md §4 item 1, §5.23): with `document`
 * containment every insert reads and rewrites the parent's whole child list (ModeShape's failure
 * mode), so the bytes written per insert grow with the number of children; with `keyed`
 * containment they do not. Shown by the server's LevelDB counters, not by any clock. The HTTP
 * answers are the same in both modes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LdpServerStats } from '../../src/servers/ldp/ldp-server.js';
import { MODES, containedUris, putContainer, startTemp, type TestServer } from './ldp-harness.test.js';

const name = (i: number): string => `c${String(i).padStart(5, '0')}`;

async function addChildren(t: TestServer, from: number, to: number): Promise<void> {
  const CONCURRENCY = 16;
  for (let i = from; i < to; i += CONCURRENCY) {
    const batch = [];
    for (let j = i; j < Math.min(to, i + CONCURRENCY); j++) {
      batch.push(
        t
          .fetch('/flat', { method: 'POST', headers: { Slug: name(j), Prefer: 'return=minimal' } })
          .then((r) => assert.equal(r.status, 201)),
      );
    }
    await Promise.all(batch);
  }
}

function stats(t: TestServer): LdpServerStats {
  const s = t.server.stats?.();
  assert.ok(s, 'the server exposes stats()');
  return s;
}

/** LevelDB cost of one more POST into /flat (the two slugs have equal length). */
async function costOfOneInsert(t: TestServer, slug: string): Promise<{ written: number; read: number; puts: number }> {
  const before = stats(t);
  const r = await t.fetch('/flat', { method: 'POST', headers: { Slug: slug, Prefer: 'return=minimal' } });
  assert.equal(r.status, 201);
  const after = stats(t);
  return {
    written: after.bytesWritten - before.bytesWritten,
    read: after.bytesRead - before.bytesRead,
    puts: after.puts - before.puts,
  };
}

describe('containment cost: bytes per insert at 10 vs 2,000 children', () => {
  const cost: Record<
    string,
    { small: { written: number; read: number; puts: number }; large: { written: number; read: number; puts: number } }
  > = {};
  const servers: TestServer[] = [];
  const listings: Record<string, number> = {};

  before(async () => {
    for (const mode of MODES) {
      const t = await startTemp(mode);
      servers.push(t);
      await putContainer(t, '/flat');
      await addChildren(t, 0, 10);
      const small = await costOfOneInsert(t, 'extra-a');
      await addChildren(t, 10, 2000);
      const large = await costOfOneInsert(t, 'extra-b');
      cost[mode] = { small, large };
      listings[mode] = containedUris(await (await t.fetch('/flat')).text()).length;
    }
  });
  after(async () => {
    for (const t of servers) await t.close();
  });

  test('keyed: one insert writes the same bytes with 2,000 children as with 10', () => {
    const c = cost.keyed;
    assert.ok(c);
    assert.equal(c.large.puts, c.small.puts);
    assert.equal(
      c.large.written,
      c.small.written,
      `keyed bytes per insert: ${c.small.written} at 10 children, ${c.large.written} at 2,000`,
    );
    assert.ok(c.large.read <= c.small.read + 64, `keyed bytes read per insert: ${c.small.read} → ${c.large.read}`);
  });

  test('document: one insert rewrites the whole child list, so its bytes grow with the children', () => {
    const c = cost.document;
    assert.ok(c);
    assert.equal(c.large.puts, c.small.puts, 'the same number of writes — each just gets bigger');
    // Every extra child costs at least its name (6 chars) in the rewritten list, on write and on read.
    assert.ok(
      c.large.written - c.small.written >= 1990 * 6,
      `document bytes per insert: ${c.small.written} at 10 children, ${c.large.written} at 2,000`,
    );
    assert.ok(
      c.large.read - c.small.read >= 1990 * 6,
      `document bytes read per insert: ${c.small.read} → ${c.large.read}`,
    );
    assert.ok(c.large.written > 10 * c.small.written);
  });

  test('both modes answer the same listing (2,002 children)', () => {
    assert.deepEqual(listings, { keyed: 2002, document: 2002 });
  });
});
