/**
 * Fedora 3 reference server — properties (fast-check) of the pieces where an off-by-one hides:
 * the PID grammar of §1.1, URLEncoder-style Location encoding (§1.2), byte ranges (§1.4), and an
 * end-to-end round trip of arbitrary content through the 256 KiB chunk store with random ranges.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { matchesPidRoute, normalizePid } from '../../src/servers/fedora3/pid.js';
import { parseRange } from '../../src/servers/common/byte-range.js';
import { decodeSegment, javaUrlEncode } from '../../src/servers/common/url-encoding.js';
import { type Harness, createObject, httpRequest, startHarness } from './fedora3-harness.test.js';

const nsChar = fc.constantFrom(...'abcXYZ019.-');
const idChar = fc.oneof(fc.constantFrom(...'abcXYZ019.~_-'), fc.constantFrom('%2F', '%41', '%7E', '%C3'));
const pidArb = fc
  .tuple(fc.array(nsChar, { minLength: 1, maxLength: 10 }), fc.array(idChar, { minLength: 1, maxLength: 20 }))
  .map(([ns, id]) => `${ns.join('')}:${id.join('')}`);

test('§1.1: every PID built from the grammar matches the route regex, with ":" or "%3A" as delimiter', () => {
  fc.assert(
    fc.property(pidArb, (pid) => {
      assert.ok(matchesPidRoute(pid), pid);
      assert.ok(matchesPidRoute(pid.replace(':', '%3A')), pid);
    }),
  );
});

test('§1.1: normalisation is idempotent, upper-cases escapes, and never yields more than 64 characters', () => {
  fc.assert(
    fc.property(
      pidArb.map((p) => p.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())),
      (pid) => {
        const once = normalizePid(pid);
        if (!once.ok) {
          assert.ok(pid.length > 64, `only length may fail for grammar-built PIDs: ${pid}`);
          return;
        }
        assert.ok(once.value.length <= 64);
        assert.doesNotMatch(once.value, /%[0-9a-f]?[a-f]/, 'hex digits are upper case');
        const twice = normalizePid(once.value);
        assert.deepEqual(twice, once);
      },
    ),
  );
});

test("§1.2: javaUrlEncode emits only URLEncoder's safe set and %XX, and decodes back", () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
      const enc = javaUrlEncode(s);
      assert.match(enc, /^([A-Za-z0-9.*_+-]|%[0-9A-F]{2})*$/);
      assert.equal(decodeSegment(enc.replace(/\+/g, '%20')), s);
    }),
  );
});

test('§1.4: a parsed range always lies inside the body, and 416 only when the first byte is past the end', () => {
  fc.assert(
    fc.property(fc.nat(2000), fc.option(fc.nat(3000)), fc.option(fc.nat(3000)), (size, a, b) => {
      if (a === null && b === null) return;
      const header = `bytes=${a ?? ''}-${b ?? ''}`;
      const r = parseRange(header, size);
      if (r === null) {
        assert.ok(a !== null && b !== null && b < a, header);
      } else if (r === 'unsatisfiable') {
        assert.ok((a !== null && a >= size) || (a === null && (b === 0 || size === 0)), `${header} size ${size}`);
      } else {
        assert.ok(r.start >= 0 && r.start <= r.end && r.end < size, `${header} size ${size} → ${r.start}-${r.end}`);
        if (a !== null) assert.equal(r.start, a);
        else assert.equal(r.end - r.start + 1, Math.min(b ?? 0, size));
      }
    }),
  );
});

let h: Harness;
before(async () => {
  h = await startHarness();
  await createObject(h, 'prop:1');
});
after(async () => {
  await h.stop();
});

test('§1.3/§1.4: any content round-trips through the chunk store, and any range reads exactly its bytes', async () => {
  let n = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 700 * 1024 }),
      fc.integer({ min: 0, max: 255 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      async (size, seed, f1, f2) => {
        const body = Buffer.alloc(size);
        for (let i = 0; i < size; i++) body[i] = (i * 31 + seed) & 0xff;
        const ds = `P${n++}`;
        const put = await fetch(
          `${h.url}/objects/prop:1/datastreams/${ds}?controlGroup=M&mimeType=application/octet-stream`,
          { method: 'POST', body },
        );
        assert.equal(put.status, 201);
        const path = `/fedora/objects/prop:1/datastreams/${ds}/content`;
        const whole = await httpRequest(h, 'GET', path);
        assert.ok(whole.body.equals(body), `size ${size}`);
        const start = Math.floor(f1 * (size - 1));
        const end = start + Math.floor(f2 * (size - 1 - start));
        const part = await httpRequest(h, 'GET', path, { Range: `bytes=${start}-${end}` });
        assert.equal(part.status, 206);
        assert.ok(part.body.equals(body.subarray(start, end + 1)), `size ${size} range ${start}-${end}`);
      },
    ),
    { numRuns: 25 },
  );
});
