/**
 * The rooms' allow-list (.dependency-cruiser.cjs, `npm run lint:rooms`) bites: the real config,
 * run by the depcruise command against a small tree of rooms written to a temporary folder,
 * reports a wrong-way import, an import past a front door, a type a room may not name, a package
 * a room may not use, a room entering its own door and a cycle between rooms; the same rooms
 * importing the allowed way pass, and so does the real tree.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Runs depcruise with the real config in `cwd` over `paths`; its violations, as rule, from and to. */
function cruise(cwd: string, paths: string[]): Promise<Violation[]> {
  const args = [DEPCRUISE, ...paths, '--config', CONFIG, '--output-type', 'json'];
  return new Promise((resolve, reject) => {
    // exit code 0 without violations, the number of errors with them: the JSON says which
    execFile(process.execPath, args, { cwd, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) => {
      let parsed: { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
      try {
        parsed = JSON.parse(stdout);
      } catch {
        reject(new Error(`depcruise printed no JSON (${err?.message ?? 'exit 0'}): ${stderr.slice(0, 2000)}`));
        return;
      }
      resolve(parsed.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to })));
    });
  });
}

const folders: string[] = [];
after(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** A temporary project: a tsconfig like the real one and the given files under it. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rooms-lint-'));
  folders.push(dir);
  copyFileSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Rooms importing the allowed way: through front doors, downwards, types only where so listed. */
const ALLOWED: Record<string, string> = {
  'src/model/records.ts': 'export interface RunRecord {\n  id: string;\n}\n',
  'src/analysis/median.ts': 'export const median = (xs: number[]): number => xs[0] ?? 0;\n',
  'src/errors.ts': 'export class IngestScaleError extends Error {}\n',
  'src/store/results.ts':
    "import type { RunRecord } from '../model/records.js';\nexport const readRun = (id: string): RunRecord => ({ id });\n",
  'src/store/index.ts': "export { readRun } from './results.js';\n",
  'src/verdict/evaluate.ts':
    "import { median } from '../analysis/median.js';\nimport { readRun } from '../store/index.js';\nexport interface Evaluation {\n  id: string;\n  level: number;\n}\nexport const evaluate = (id: string): Evaluation => ({ id: readRun(id).id, level: median([1]) });\n",
  'src/verdict/index.ts': "export { evaluate, type Evaluation } from './evaluate.js';\n",
  'src/engine/run.ts':
    "import { IngestScaleError } from '../errors.js';\nimport { readRun } from '../store/index.js';\nimport { evaluate } from '../verdict/index.js';\nexport const run = (id: string): string => {\n  if (id === '') throw new IngestScaleError('no id');\n  return evaluate(readRun(id).id).id;\n};\n",
  'src/engine/index.ts': "export { run } from './run.js';\n",
  'src/report/render.ts':
    "import type { Evaluation } from '../verdict/index.js';\nexport const render = (e: Evaluation): string => `${e.id} ${e.level}`;\n",
  'src/report/index.ts': "export { render } from './render.js';\n",
  'test/unit/render.test.ts':
    "import { readRun } from '../../src/store/results.js';\nimport { render } from '../../src/report/render.js';\nexport const text = render({ id: readRun('r').id, level: 1 });\n",
};

/** Each wrong import, the rule that must name it, and its two ends. */
const WRONG: { what: string; file: string; text: string; rule: string; to: string }[] = [
  {
    what: 'a wrong-way import (the reports may not import the engine)',
    file: 'src/report/bad-engine.ts',
    text: "import { run } from '../engine/index.js';\nexport const again = run;\n",
    rule: 'not-in-allowed',
    to: 'src/engine/index.ts',
  },
  {
    what: 'an import past a front door',
    file: 'src/engine/bad-door.ts',
    text: "import { readRun } from '../store/results.js';\nexport const read = readRun;\n",
    rule: 'front-door',
    to: 'src/store/results.ts',
  },
  {
    what: "runtime code of a room whose types alone a room may name (the verdict's, in the reports)",
    file: 'src/report/bad-verdict.ts',
    text: "import { evaluate } from '../verdict/index.js';\nexport const e = evaluate;\n",
    rule: 'not-in-allowed',
    to: 'src/verdict/index.ts',
  },
  {
    what: 'a node: module in pure statistics',
    file: 'src/analysis/bad-fs.ts',
    text: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    rule: 'not-in-allowed',
    to: 'fs',
  },
  {
    what: "a room's file entering its own front door",
    file: 'src/store/bad-own.ts',
    text: "import { readRun } from './index.js';\nexport const read = readRun;\n",
    rule: 'no-own-front-door',
    to: 'src/store/index.ts',
  },
  {
    what: 'an import of the CLI',
    file: 'src/engine/bad-cli.ts',
    text: "import { main } from '../cli/main.js';\nexport const m = main;\n",
    rule: 'not-in-allowed',
    to: 'src/cli/main.ts',
  },
];

describe('the rooms allow-list', () => {
  test('rooms importing downwards through front doors pass (tests may reach inside a room)', async () => {
    const dir = project({ ...ALLOWED, 'src/cli/main.ts': 'export const main = (): void => undefined;\n' });
    assert.deepEqual(await cruise(dir, ['src', 'test']), []);
  });

  test('a wrong-way import, an import past a front door and the other wrong imports fail', async () => {
    const wrong = Object.fromEntries(WRONG.map((w) => [w.file, w.text]));
    const dir = project({ ...ALLOWED, ...wrong, 'src/cli/main.ts': 'export const main = (): void => undefined;\n' });
    const found = await cruise(dir, ['src', 'test']);
    for (const w of WRONG)
      assert.ok(
        found.some((v) => v.rule === w.rule && v.from === w.file && v.to === w.to),
        `${w.what}: expected ${w.rule} ${w.file} -> ${w.to}, got ${JSON.stringify(found)}`,
      );
    // nothing else: each wrong import is reported once, under its own rule
    assert.equal(found.length, WRONG.length, JSON.stringify(found));
  });

  test('a cycle between rooms is named', async () => {
    const dir = project({
      ...ALLOWED,
      'src/store/results.ts':
        "import type { RunRecord } from '../model/records.js';\nimport { run } from '../engine/index.js';\nexport const readRun = (id: string): RunRecord => ({ id: run(id) });\n",
    });
    const found = await cruise(dir, ['src']);
    assert.ok(
      found.some((v) => v.rule === 'no-room-cycle'),
      `expected no-room-cycle, got ${JSON.stringify(found)}`,
    );
    assert.ok(found.some((v) => v.rule === 'not-in-allowed' && v.from === 'src/store/results.ts'));
  });

  test('the real tree passes', async () => {
    assert.deepEqual(await cruise(ROOT, ['src', 'test', 'bench']), []);
  });
});
