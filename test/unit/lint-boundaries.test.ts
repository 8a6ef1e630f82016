/**
 * The house rules ESLint keeps (eslint.config.js) bite: SQL text outside src/store/, and printing
 * or exiting outside src/cli/, placed (virtually, through ESLint's lintText with a file path) in a
 * room are reported. Which room may import which is dependency-cruiser's (rooms-lint.test.ts).
 * Only these rules run here, without type information, so the scratch files need not exist on disk
 * or in tsconfig.json.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BOUNDARY_RULES = new Set(['no-restricted-syntax', 'no-restricted-properties', 'no-console']);

const eslint = new ESLint({
  cwd: ROOT,
  // the type-checked rules need a file in the TypeScript project; the boundary rules do not
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
});

interface Problem {
  rule: string | null;
  message: string;
}

async function problems(filePath: string, code: string): Promise<Problem[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  assert.ok(result, `no lint result for ${filePath}`);
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

async function reported(filePath: string, code: string, rule: string, message: RegExp): Promise<void> {
  const found = await problems(filePath, code);
  assert.ok(
    found.some((p) => p.rule === rule && message.test(p.message)),
    `${filePath}: expected ${rule} matching ${message}, got ${JSON.stringify(found)}`,
  );
}

async function clean(filePath: string, code: string): Promise<void> {
  assert.deepEqual(await problems(filePath, code), [], `${filePath} should pass the boundary rules`);
}

describe('all SQL lives in src/store/', () => {
  test('SQL text outside the store is reported; in the store, tests and benchmarks it is not', async () => {
    await reported(
      'src/engine/scratch.ts',
      "export const q = 'SELECT batch_idx FROM ops WHERE run_id = ?';\n",
      'no-restricted-syntax',
      /all SQL lives in src\/store\//,
    );
    await reported(
      'src/compare/scratch.ts',
      'export const q = (t: string): string => `UPDATE ${t} SET x = 1`;\nexport const r = `\n  INSERT INTO runs (id) VALUES (?)`;\n',
      'no-restricted-syntax',
      /all SQL lives in src\/store\//,
    );
    await reported(
      'src/cli/scratch.ts',
      "export const q = 'DELETE FROM runs WHERE id = ?';\n",
      'no-restricted-syntax',
      /all SQL lives/,
    );
    await clean(
      'src/backends/s3/scratch.ts',
      "export const m = 'DELETE';\nexport const t = 'Select a backend from the list';\n",
    );
    await clean('src/store/scratch.ts', "export const q = 'SELECT id FROM runs WHERE id = ?';\n");
    await clean('test/unit/scratch.test.ts', "export const q = 'SELECT id FROM runs';\n");
  });
});

describe('only src/cli/ exits or prints', () => {
  test('process.exit, process.stdout/stderr, process.exitCode and console outside src/cli/ are reported', async () => {
    await reported(
      'src/engine/scratch.ts',
      'export function stop(): void {\n  process.exit(1);\n}\n',
      'no-restricted-properties',
      /only src\/cli\/ exits or prints/,
    );
    await reported(
      'src/store/scratch.ts',
      "export function say(): void {\n  process.stdout.write('x\\n');\n}\n",
      'no-restricted-properties',
      /only src\/cli\/ exits or prints/,
    );
    await reported(
      'src/backends/leveldb/scratch.ts',
      "export function warn(): void {\n  process.stderr.write('x\\n');\n}\n",
      'no-restricted-properties',
      /only src\/cli\/ exits or prints/,
    );
    await reported(
      'src/report/scratch.ts',
      'export function fail(): void {\n  process.exitCode = 1;\n}\n',
      'no-restricted-properties',
      /only src\/cli\/ exits or prints/,
    );
    await reported(
      'src/servers/ldp/scratch.ts',
      "export function log(): void {\n  console.log('listening');\n}\n",
      'no-console',
      /console/,
    );
    await reported('test/unit/scratch.test.ts', "console.error('debug');\n", 'no-console', /console/);
  });

  test('src/cli/ may, and so may the listed bench processes', async () => {
    await clean(
      'src/cli/scratch.ts',
      "import { Command } from 'commander';\nexport function main(): void {\n  process.stdout.write('x\\n');\n  console.error(new Command().name());\n  process.exit(0);\n}\n",
    );
    await clean('bench/lib/null-server.ts', "process.stdout.write('{}\\n');\nprocess.exit(0);\n");
    await reported(
      'bench/lib/scratch.ts',
      "process.stdout.write('{}\\n');\n",
      'no-restricted-properties',
      /only src\/cli\//,
    );
  });
});
