/**
 * Fuzzing the parsers of what a user types or hands over (fast-check, seeded): sizes, size specs,
 * datastream flags, durations, workload files and CSV text. Whatever the input, each either returns
 * a value or throws the typed usage error (exit 2, a stable code, a message) — never another
 * exception, which the CLI would print as "internal error" with a stack trace.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseDuration } from '../../src/cli/parse-duration.js';
import { ExitCode } from '../../src/exit-codes.js';
import { IngestScaleError } from '../../src/errors.js';
import { parseCsv } from '../../src/import/csv.js';
import { parseDatastreamFlag } from '../../src/workload/datastream-spec.js';
import { parseBytes, parseSizeSpec } from '../../src/workload/size.js';
import { parseWorkloadJson } from '../../src/workload/workload-file.js';

const RUNS = { numRuns: 2000, seed: 20261203 };

/** Outcomes seen by a test: both must occur, or the generator never reached one side. */
let seen = { ok: 0, refused: 0 };
function expectBoth(what: string): void {
  assert.ok(seen.ok > 0 && seen.refused > 0, `${what}: ${seen.ok} accepted, ${seen.refused} refused`);
  seen = { ok: 0, refused: 0 };
}

/** Runs fn; any exception must be a usage error with a code and a message. */
function returnsOrRefuses(fn: () => unknown): void {
  try {
    fn();
    seen.ok++;
  } catch (e) {
    seen.refused++;
    assert.ok(e instanceof IngestScaleError, `not a typed error: ${String(e)}`);
    assert.equal(e.exitCode, ExitCode.Usage, `${e.code}: ${e.message}`);
    assert.match(e.code, /^E_[A-Z_]+$/);
    assert.ok(e.message.length > 0);
  }
}

/** Strings that look like what users type: size-ish tokens glued with separators, plus anything. */
const sizeish = fc.oneof(
  fc.string(),
  fc.stringMatching(/^[-+]?[0-9.,eE]{0,12}\s?(B|KB|KiB|MB|MiB|GB|GiB|TB|TiB|k|m|g|t|)?$/),
  fc
    .tuple(
      fc.constantFrom('uniform:', 'lognormal:', 'fixed:', ''),
      fc.string(),
      fc.constantFrom('-', ':', ''),
      fc.string(),
    )
    .map((p) => p.join('')),
);

test('sizes and size specs: a value or a usage error, never another exception', () => {
  fc.assert(
    fc.property(sizeish, (text) => {
      returnsOrRefuses(() => parseBytes(text, '--part-size'));
      returnsOrRefuses(() => parseSizeSpec(text, '--datastream'));
    }),
    RUNS,
  );
  expectBoth('sizes');
});

test('datastream flags (ID:SIZE[:KIND[:EDIT]]): a spec or a usage error', () => {
  const part = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('OBJ', '1KiB', 'random', 'compressible', 'versioned', '1%', '200%', 'uniform:1-2', ''),
  );
  fc.assert(
    fc.property(fc.array(part, { minLength: 1, maxLength: 5 }), (parts) => {
      returnsOrRefuses(() => parseDatastreamFlag(parts.join(':')));
    }),
    RUNS,
  );
  expectBoth('datastream flags');
});

test('durations: milliseconds or a usage error', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9.]{0,8}(ms|s|m|h|us|)$/)), (text) => {
      returnsOrRefuses(() => parseDuration(text, '--request-timeout'));
    }),
    RUNS,
  );
  expectBoth('durations');
});

test('workload files: any JSON value gives overrides or a usage error naming the file', () => {
  const field = fc.constantFrom(
    'objects',
    'batchSize',
    'concurrency',
    'seed',
    'layout',
    'verify',
    'fanout',
    'datastreams',
    'extra',
  );
  const value = fc.oneof(
    fc.jsonValue(),
    fc.array(
      fc.record(
        { id: fc.string(), size: fc.oneof(fc.string(), fc.integer()), kind: fc.string() },
        { requiredKeys: [] },
      ),
    ),
  );
  fc.assert(
    fc.property(fc.oneof(fc.jsonValue(), fc.dictionary(field, value)), (data) => {
      returnsOrRefuses(() => parseWorkloadJson(data, 'w.json'));
    }),
    RUNS,
  );
  expectBoth('workload files');
});

test('CSV text: rows or a usage error naming the file', () => {
  const csvish = fc
    .array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(',', '"', '""', '\n', '\r\n', '\r', '\uFEFF', ' ')), {
      maxLength: 40,
    })
    .map((p) => p.join(''));
  fc.assert(
    fc.property(csvish, (text) => {
      returnsOrRefuses(() => parseCsv(text, 'series.csv'));
    }),
    RUNS,
  );
  expectBoth('CSV text');
});
