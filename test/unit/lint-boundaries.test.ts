/**
 * The boundary rules of eslint.config.js bite: scratch sources placed (virtually, through
 * ESLint's lintText with a file path) in the wrong room are reported, and the imports each room
 * does make today are not. Only the boundary rules run here, without type information, so the
 * scratch files need not exist on disk or in tsconfig.json.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BOUNDARY_RULES = new Set([
  'no-restricted-imports',
  'no-restricted-syntax',
  'no-restricted-properties',
  'no-console',
]);

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

describe('servers and backends share no code', () => {
  test('a server importing a backend is reported', async () => {
    await reported(
      'src/servers/ldp/scratch.ts',
      "import { HttpOpError } from '../../backends/http/http-target.js';\nexport { HttpOpError };\n",
      'no-restricted-imports',
      /src\/servers\/ shares no code/,
    );
    await reported(
      'src/servers/common/scratch.ts',
      "export { EMPTY_SHA256 } from '../../backends/s3/s3-client.js';\n",
      'no-restricted-imports',
      /src\/servers\//,
    );
  });

  test('a server loading a backend with import() is reported', async () => {
    await reported(
      'src/servers/fedora3/scratch.ts',
      "export const m = await import('../../backends/leveldb/index.js');\n",
      'no-restricted-syntax',
      /import\(\) across a room boundary/,
    );
  });

  test('a backend importing a reference server is reported', async () => {
    await reported(
      'src/backends/s3/scratch.ts',
      "import { send } from '../../servers/common/respond.js';\nexport { send };\n",
      'no-restricted-imports',
      /src\/backends\/ shares no code/,
    );
  });

  test('a server importing any other room than src/errors.ts is reported', async () => {
    await reported(
      'src/servers/http-put/scratch.ts',
      "import { parseBytes } from '../../workload/size.js';\nexport { parseBytes };\n",
      'no-restricted-imports',
      /imports only src\/servers\/, the cost models of src\/cost-model\/, src\/errors\.ts and src\/duration\.ts/,
    );
  });

  test('a backend importing the engine or the store is reported', async () => {
    await reported(
      'src/backends/leveldb/scratch.ts',
      "import { ResultsStore } from '../../store/results-store.js';\nexport { ResultsStore };\n",
      'no-restricted-imports',
      /sits below the engine/,
    );
    await reported(
      'src/backends/scratch.ts',
      "import type { RunEvaluation } from '../engine/evaluate-run.js';\nexport type { RunEvaluation };\n",
      'no-restricted-imports',
      /sits below the engine/,
    );
  });

  test('what they import today passes', async () => {
    await clean(
      'src/servers/ldp/scratch.ts',
      "import { IngestScaleError } from '../../errors.js';\nimport { send } from '../common/respond.js';\nexport { IngestScaleError, send };\n",
    );
    await clean(
      'src/backends/s3/scratch.ts',
      "import { contentChunks } from '../../generate/content.js';\nimport type { Backend } from '../backend.js';\nexport { contentChunks };\nexport type { Backend };\n",
    );
  });
});

describe('the write client is a room of its own', () => {
  test('src/http1/ importing a backend, the engine or a package is reported; a server importing it is reported', async () => {
    await reported(
      'src/http1/scratch.ts',
      "import { OpError } from '../backends/op-timer.js';\nexport { OpError };\n",
      'no-restricted-imports',
      /src\/http1\/ is the write client alone/,
    );
    await reported(
      'src/http1/scratch.ts',
      "import { Pool } from 'undici';\nexport { Pool };\n",
      'no-restricted-imports',
      /src\/http1\//,
    );
    await reported(
      'src/http1/scratch.ts',
      "export const m = await import('../engine/pool.js');\n",
      'no-restricted-syntax',
      /import\(\)/,
    );
    await reported(
      'src/servers/ldp/scratch.ts',
      "import { Http1Pool } from '../../http1/http1-pool.js';\nexport { Http1Pool };\n",
      'no-restricted-imports',
      /shares no code with the clients/,
    );
  });

  test('node: modules, its siblings and the model pass; a backend may import it', async () => {
    await clean(
      'src/http1/scratch.ts',
      "import { connect } from 'node:net';\nimport { OpError } from '../model/op-error.js';\nimport { gather } from './write-body.js';\nexport { connect, OpError, gather };\n",
    );
    await clean(
      'src/backends/http/scratch.ts',
      "import { Http1Pool } from '../../http1/http1-pool.js';\nexport { Http1Pool };\n",
    );
  });
});

describe('the verdict reads the store and asks analysis', () => {
  test('the verdict importing the engine, a backend or a report is reported', async () => {
    await reported(
      'src/verdict/scratch.ts',
      "import { runEngine } from '../engine/run-engine.js';\nexport { runEngine };\n",
      'no-restricted-imports',
      /src\/verdict\/ evaluates a stored run/,
    );
    await reported(
      'src/verdict/scratch.ts',
      "import type { Backend } from '../backends/backend.js';\nexport type { Backend };\n",
      'no-restricted-imports',
      /src\/verdict\//,
    );
    await reported(
      'src/verdict/scratch.ts',
      "import { renderJson } from '../report/json-report.js';\nexport { renderJson };\n",
      'no-restricted-imports',
      /sits below the reports/,
    );
  });

  test('a report formatter or a report type in the verdict is reported', async () => {
    await reported(
      'src/verdict/scratch.ts',
      "import { formatCount } from '../report/format.js';\nexport { formatCount };\n",
      'no-restricted-imports',
      /sits below the reports/,
    );
    await reported(
      'src/verdict/scratch.ts',
      "import type { ReportInput } from '../report/report-input.js';\nexport type { ReportInput };\n",
      'no-restricted-imports',
      /sits below the reports/,
    );
    await reported(
      'src/verdict/scratch.ts',
      "export const m = await import('../report/format.js');\n",
      'no-restricted-syntax',
      /import\(\)/,
    );
  });

  test('store, analysis, model (its count formatter too) pass; a report may import the evaluation type only', async () => {
    await clean(
      'src/verdict/scratch.ts',
      "import type { ResultsStore } from '../store/results-store.js';\nimport { operationGate } from '../analysis/op-gate.js';\nimport type { RunRecord } from '../model/records.js';\nimport { formatCount } from '../model/format-count.js';\nexport { operationGate, formatCount };\nexport type { ResultsStore, RunRecord };\n",
    );
    await clean(
      'src/report/scratch.ts',
      "import type { RunEvaluation } from '../verdict/evaluate-run.js';\nexport type { RunEvaluation };\n",
    );
    await reported(
      'src/report/scratch.ts',
      "import { evaluateRun } from '../verdict/evaluate-run.js';\nexport { evaluateRun };\n",
      'no-restricted-imports',
      /src\/report\/ renders strings/,
    );
  });
});

describe('the model imports nothing', () => {
  test('a model file importing another room, a node: module or a package is reported', async () => {
    await reported(
      'src/model/scratch.ts',
      "import type { ResultsStore } from '../store/results-store.js';\nexport type { ResultsStore };\n",
      'no-restricted-imports',
      /src\/model\/ imports nothing/,
    );
    await reported(
      'src/model/scratch.ts',
      "import type { Backend } from '../backends/backend.js';\nexport type { Backend };\n",
      'no-restricted-imports',
      /src\/model\/ imports nothing/,
    );
    await reported(
      'src/model/scratch.ts',
      "import os from 'node:os';\nexport { os };\n",
      'no-restricted-imports',
      /src\/model\/ imports nothing/,
    );
    await reported(
      'src/model/scratch.ts',
      "import { customAlphabet } from 'nanoid';\nexport { customAlphabet };\n",
      'no-restricted-imports',
      /src\/model\/ imports nothing/,
    );
    await reported(
      'src/model/scratch.ts',
      "export const m = await import('./records.js');\n",
      'no-restricted-syntax',
      /import\(\)/,
    );
  });

  test('siblings pass, and every room may import the model', async () => {
    await clean(
      'src/model/scratch.ts',
      "import type { OpTiming } from './timings.js';\nimport { hostFactsOf } from './host-facts.js';\nexport { hostFactsOf };\nexport type { OpTiming };\n",
    );
    await clean(
      'src/store/scratch.ts',
      "import type { RunRecord } from '../model/records.js';\nexport type { RunRecord };\n",
    );
    await clean(
      'src/backends/s3/scratch.ts',
      "import type { OpTiming } from '../../model/timings.js';\nexport type { OpTiming };\n",
    );
    await clean(
      'src/report/scratch.ts',
      "import { hostFactsOf } from '../model/host-facts.js';\nexport { hostFactsOf };\n",
    );
  });
});

describe('the cost models are a shared leaf', () => {
  test('a cost model importing another room, a node: module or a package is reported', async () => {
    await reported(
      'src/cost-model/scratch.ts',
      "import { putFile } from '../servers/http-put/memory-tree.js';\nexport { putFile };\n",
      'no-restricted-imports',
      /src\/cost-model\/ is a leaf/,
    );
    await reported(
      'src/cost-model/scratch.ts',
      "import type { OpTiming } from '../model/timings.js';\nexport type { OpTiming };\n",
      'no-restricted-imports',
      /src\/cost-model\/ is a leaf/,
    );
    await reported(
      'src/cost-model/scratch.ts',
      "import { setTimeout } from 'node:timers/promises';\nexport { setTimeout };\n",
      'no-restricted-imports',
      /src\/cost-model\/ is a leaf/,
    );
    await reported(
      'src/cost-model/scratch.ts',
      "export const m = await import('../backends/memory/index.js');\n",
      'no-restricted-syntax',
      /import\(\)/,
    );
  });

  test('its siblings and the errors pass; the reference servers and the backends may import it', async () => {
    await clean(
      'src/cost-model/scratch.ts',
      "import { UsageError } from '../errors.js';\nimport { putCostMs } from './cost-model.js';\nexport { UsageError, putCostMs };\n",
    );
    await clean(
      'src/servers/http-put/scratch.ts',
      "import { putCostMs } from '../../cost-model/cost-model.js';\nexport { putCostMs };\n",
    );
    await clean(
      'src/backends/memory/scratch.ts',
      "import { putCostMs } from '../../cost-model/cost-model.js';\nexport { putCostMs };\n",
    );
  });
});

describe('analysis is pure statistics', () => {
  test('analysis importing the store, a node: module or a package is reported', async () => {
    await reported(
      'src/analysis/scratch.ts',
      "import { ResultsStore } from '../store/results-store.js';\nexport { ResultsStore };\n",
      'no-restricted-imports',
      /pure statistics/,
    );
    await reported(
      'src/analysis/scratch.ts',
      "import type { RunRecord } from '../model/records.js';\nexport type { RunRecord };\n",
      'no-restricted-imports',
      /pure statistics/,
    );
    await reported(
      'src/analysis/scratch.ts',
      "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n",
      'no-restricted-imports',
      /pure statistics/,
    );
    await reported(
      'src/analysis/scratch.ts',
      "export const m = await import('./robust.js');\n",
      'no-restricted-syntax',
      /import\(\)/,
    );
  });

  test('siblings pass; the workload (sizes, which import src/errors.ts) does not', async () => {
    await clean('src/analysis/scratch.ts', "import { sortedCopy } from './robust.js';\nexport { sortedCopy };\n");
    await reported(
      'src/analysis/scratch.ts',
      "import { parseBytes } from '../workload/size.js';\nexport { parseBytes };\n",
      'no-restricted-imports',
      /pure statistics/,
    );
  });
});

describe('report renders strings', () => {
  test('runtime code of the engine, the store or a backend is reported', async () => {
    await reported(
      'src/report/scratch.ts',
      "import { evaluateRun } from '../engine/evaluate-run.js';\nexport { evaluateRun };\n",
      'no-restricted-imports',
      /src\/report\/ renders strings/,
    );
    await reported(
      'src/report/html/scratch.ts',
      "import { ResultsStore } from '../../store/results-store.js';\nexport { ResultsStore };\n",
      'no-restricted-imports',
      /src\/report\//,
    );
    await reported(
      'src/report/scratch.ts',
      "import { type RunEvaluation, evaluateRun } from '../engine/evaluate-run.js';\nexport { evaluateRun };\nexport type { RunEvaluation };\n",
      'no-restricted-imports',
      /src\/report\//,
    );
    await reported(
      'src/report/scratch.ts',
      "export const m = await import('../store/results-store.js');\n",
      'no-restricted-syntax',
      /import\(\)/,
    );
  });

  test('a report importing even a type of the store or a backend is reported', async () => {
    await reported(
      'src/report/scratch.ts',
      "import type { ResultsStore } from '../store/results-store.js';\nexport type { ResultsStore };\n",
      'no-restricted-imports',
      /imports nothing from src\/store\/ or src\/backends\//,
    );
    await reported(
      'src/report/html/scratch.ts',
      "import type { Backend } from '../../backends/backend.js';\nexport type { Backend };\n",
      'no-restricted-imports',
      /imports nothing from src\/store\//,
    );
  });

  test('a report importing the engine, even a type, is reported; the engine importing a report is reported', async () => {
    await reported(
      'src/report/scratch.ts',
      "import type { ProbeOptions } from '../engine/probes/probe-runner.js';\nexport type { ProbeOptions };\n",
      'no-restricted-imports',
      /imports nothing from src\/engine\//,
    );
    await reported(
      'src/report/html/scratch.ts',
      "export const m = await import('../../engine/run-engine.js');\n",
      'no-restricted-syntax',
      /import\(\)/,
    );
    await reported(
      'src/engine/scratch.ts',
      "import { renderMarkdown } from '../report/markdown.js';\nexport { renderMarkdown };\n",
      'no-restricted-imports',
      /src\/engine\/ runs and records/,
    );
    await reported(
      'src/engine/probes/scratch.ts',
      "import type { ReportInput } from '../../report/report-input.js';\nexport type { ReportInput };\n",
      'no-restricted-imports',
      /src\/engine\/ runs and records/,
    );
    await reported(
      'src/engine/scratch.ts',
      "export const m = await import('../report/format.js');\n",
      'no-restricted-syntax',
      /import\(\)/,
    );
  });

  test('the engine may import the verdict, the store and the model', async () => {
    await clean(
      'src/engine/scratch.ts',
      "import { evaluateRun } from '../verdict/evaluate-run.js';\nimport type { ResultsStore } from '../store/results-store.js';\nimport { formatCount } from '../model/format-count.js';\nexport { evaluateRun, formatCount };\nexport type { ResultsStore };\n",
    );
  });

  test('type-only imports of their shapes, and analysis, pass', async () => {
    await clean(
      'src/report/scratch.ts',
      "import type { RunEvaluation } from '../verdict/evaluate-run.js';\nimport { type RunRecord } from '../model/records.js';\nimport { growthGate } from '../analysis/growth-gate.js';\nexport { growthGate };\nexport type { RunEvaluation, RunRecord };\n",
    );
  });
});

describe('the store sits below the engine; src/cli/ is the top room', () => {
  test('the store importing the engine or a report is reported', async () => {
    await reported(
      'src/store/scratch.ts',
      "import { evaluateRun } from '../engine/evaluate-run.js';\nexport { evaluateRun };\n",
      'no-restricted-imports',
      /src\/store\/ sits below the engine/,
    );
    await reported(
      'src/store/scratch.ts',
      "export const m = await import('../report/chart.js');\n",
      'no-restricted-syntax',
      /src\/store\/ sits below the engine/,
    );
  });

  test('the store importing analysis or a backend is reported', async () => {
    await reported(
      'src/store/scratch.ts',
      "import { OP_GATE_Z } from '../analysis/op-gate.js';\nexport { OP_GATE_Z };\n",
      'no-restricted-imports',
      /imports no src\/analysis\//,
    );
    await reported(
      'src/store/scratch.ts',
      "import type { ObjectRef } from '../backends/backend.js';\nexport type { ObjectRef };\n",
      'no-restricted-imports',
      /no src\/backends\//,
    );
  });

  test('import needs only the store and the model', async () => {
    await reported(
      'src/import/scratch.ts',
      "import { newRunId } from '../engine/run-session.js';\nexport { newRunId };\n",
      'no-restricted-imports',
      /src\/import\/ needs only the store and the model/,
    );
    await reported(
      'src/import/scratch.ts',
      "export const m = await import('../backends/registry.js');\n",
      'no-restricted-syntax',
      /src\/import\//,
    );
    await clean(
      'src/import/scratch.ts',
      "import { newRunId } from '../store/run-id.js';\nimport type { RunRecord } from '../model/records.js';\nexport { newRunId };\nexport type { RunRecord };\n",
    );
  });

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

  test('only the store opens the results database', async () => {
    await reported(
      'src/engine/probes/scratch.ts',
      "import sqlite3 from 'sqlite3';\nexport { sqlite3 };\n",
      'no-restricted-imports',
      /only src\/store\/ opens the results database/,
    );
    await reported(
      'src/cli/scratch.ts',
      "export const m = await import('sqlite3');\n",
      'no-restricted-syntax',
      /only src\/store\/ opens the results database/,
    );
    await clean('src/store/scratch.ts', "import sqlite3 from 'sqlite3';\nexport { sqlite3 };\n");
    await clean('test/unit/scratch.test.ts', "import sqlite3 from 'sqlite3';\nexport { sqlite3 };\n");
  });

  test('a room of src/ importing src/cli/, a test or a benchmark is reported', async () => {
    await reported(
      'src/engine/scratch.ts',
      "import { runAction } from '../cli/run-action.js';\nexport { runAction };\n",
      'no-restricted-imports',
      /src\/cli\/ is the top room/,
    );
    await reported(
      'src/report/scratch.ts',
      "import { reportInput } from '../../test/unit/report-fixture.js';\nexport { reportInput };\n",
      'no-restricted-imports',
      /src\/cli\/ is the top room/,
    );
    await reported(
      'src/generate/scratch.ts',
      "export const m = await import('../../bench/lib/stats.js');\n",
      'no-restricted-syntax',
      /src\/cli\/ is the top room/,
    );
  });

  test('src/cli/ imports every room, and the engine imports what it does today', async () => {
    await clean(
      'src/cli/scratch.ts',
      "import { evaluateRun } from '../engine/evaluate-run.js';\nimport { ResultsStore } from '../store/results-store.js';\nexport { evaluateRun, ResultsStore };\n",
    );
    await clean(
      'src/engine/scratch.ts',
      "import { ResultsStore } from '../store/results-store.js';\nimport { growthGate } from '../analysis/growth-gate.js';\nexport { ResultsStore, growthGate };\n",
    );
  });
});

describe('only src/cli/ parses arguments, exits or prints', () => {
  test('commander outside src/cli/ is reported, statically or with import()', async () => {
    await reported(
      'src/engine/scratch.ts',
      "import { Command } from 'commander';\nexport { Command };\n",
      'no-restricted-imports',
      /only src\/cli\/ parses arguments/,
    );
    await reported(
      'src/servers/ldp/scratch.ts',
      "import { Command } from 'commander';\nexport { Command };\n",
      'no-restricted-imports',
      /only src\/cli\/ parses arguments/,
    );
    await reported(
      'src/analysis/scratch.ts',
      "import { Command } from 'commander';\nexport { Command };\n",
      'no-restricted-imports',
      /./,
    );
    await reported(
      'test/unit/scratch.test.ts',
      "export const m = await import('commander');\n",
      'no-restricted-syntax',
      /only src\/cli\/ parses arguments/,
    );
  });

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

describe('compare computes, report renders', () => {
  test('src/compare/ importing a report, a reference server or the CLI is reported', async () => {
    await reported(
      'src/compare/scratch.ts',
      "import { renderTable } from '../report/table.js';\nexport { renderTable };\n",
      'no-restricted-imports',
      /src\/compare\/ computes the answer/,
    );
    await reported(
      'src/compare/scratch.ts',
      "export const m = await import('../servers/ldp/ldp-server.js');\n",
      'no-restricted-syntax',
      /import\(\) across a room boundary/,
    );
    await reported(
      'src/compare/scratch.ts',
      "import { compare } from '../cli/compare-action.js';\nexport { compare };\n",
      'no-restricted-imports',
      /src\/cli\/ is the top room/,
    );
  });

  test('src/compare/ drives runs through the engine and the backend modules, and reads the store', async () => {
    await clean(
      'src/compare/scratch.ts',
      "import { runSession } from '../engine/run-session.js';\nimport { BACKEND_MODULES } from '../backends/registry.js';\nimport { loadCompare } from '../store/compare-records.js';\nimport { growthGate } from '../analysis/growth-gate.js';\nexport { runSession, BACKEND_MODULES, loadCompare, growthGate };\n",
    );
    await clean(
      'src/report/scratch.ts',
      "import type { CompareAnswer } from '../compare/compare-answer.js';\nexport type { CompareAnswer };\n",
    );
  });
});

describe('shards record, merge makes one run', () => {
  test('src/shard/ importing a report, an importer, a reference server or the CLI is reported', async () => {
    await reported(
      'src/shard/scratch.ts',
      "import { renderTable } from '../report/table.js';\nexport { renderTable };\n",
      'no-restricted-imports',
      /src\/shard\/ writes records/,
    );
    await reported(
      'src/shard/scratch.ts',
      "export const m = await import('../servers/http-put/http-put-server.js');\n",
      'no-restricted-syntax',
      /import\(\) across a room boundary/,
    );
    await reported(
      'src/shard/scratch.ts',
      "import { merge } from '../cli/merge-action.js';\nexport { merge };\n",
      'no-restricted-imports',
      /src\/cli\/ is the top room/,
    );
  });

  test('src/shard/ drives a backend, records into the store and plans objects as the engine does', async () => {
    await clean(
      'src/shard/scratch.ts',
      "import { runPool } from '../engine/pool.js';\nimport { planObject } from '../generate/plan.js';\nimport { createShard } from '../store/shard-records.js';\nimport { setResponseClockObserver } from '../backends/http/response-clock.js';\nexport { runPool, planObject, createShard, setResponseClockObserver };\n",
    );
  });
});
