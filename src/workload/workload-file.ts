/**
 * Workload files (`--workload FILE.json`, examples in fixtures/workloads/). Fields mirror the flags:
 *
 *   { "objects": 2000, "batchSize": 100, "concurrency": 4, "seed": 7, "layout": "flat",
 *     "fanout": { "width": 16, "depth": 2 }, "verify": "none",
 *     "datastreams": [ { "id": "OBJ", "size": "lognormal:64KiB:0.5", "kind": "random", "mime": "application/pdf" } ] }
 *
 * Every field is optional; missing ones take the defaults. Unknown fields are errors (a typo must not
 * silently fall back to a default).
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { parseContentKind, parseEdit, validateDatastreamId } from './datastream-spec.js';
import { parseSizeSpec } from './size.js';
import {
  defaultMime,
  type DatastreamSpec,
  type FanoutSpec,
  type Layout,
  type VerifyMode,
  type Workload,
} from './workload.js';

const KNOWN = new Set([
  '$schema',
  'description',
  'objects',
  'batchSize',
  'concurrency',
  'seed',
  'layout',
  'fanout',
  'verify',
  'datastreams',
]);
const DS_KNOWN = new Set(['id', 'size', 'kind', 'mime']);

/** Fields that override the defaults; fanout may give one of its two fields. */
export type WorkloadOverrides = { [K in keyof Omit<Workload, 'fanout'>]?: Workload[K] | undefined } & {
  fanout?: Partial<FanoutSpec> | undefined;
};

function fail(file: string, what: string, hint: string): never {
  throw new UsageError('E_BAD_WORKLOAD', `workload file ${file}: ${what}`, hint);
}

export function readWorkloadFile(file: string): WorkloadOverrides {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UsageError(
      'E_FILE_UNREADABLE',
      `cannot read workload file ${file} (${reason})`,
      'check the path given to --workload',
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    fail(file, `not valid JSON (${(e as Error).message})`, 'fix the JSON; see fixtures/workloads/ for examples');
  }
  return parseWorkloadJson(data, file);
}

export function parseWorkloadJson(data: unknown, file: string): WorkloadOverrides {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    fail(file, 'top level must be an object', 'see fixtures/workloads/ for examples');
  const obj = data as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (!KNOWN.has(key))
      fail(file, `unknown field "${key}"`, `known fields: ${[...KNOWN].filter((k) => k !== '$schema').join(', ')}`);
  }
  const out: WorkloadOverrides = {};
  for (const key of ['objects', 'batchSize', 'concurrency', 'seed'] as const) {
    const v = obj[key];
    if (v === undefined) continue;
    if (typeof v !== 'number') fail(file, `"${key}" must be a number`, `e.g. "${key}": 100`);
    out[key] = v;
  }
  if (obj.layout !== undefined) {
    if (typeof obj.layout !== 'string') fail(file, '"layout" must be a string', 'use "flat", "pairtree" or "fanout"');
    out.layout = obj.layout as Layout;
  }
  if (obj.verify !== undefined) {
    if (typeof obj.verify !== 'string') fail(file, '"verify" must be a string', 'use "none" or "readback"');
    out.verify = obj.verify as VerifyMode;
  }
  if (obj.fanout !== undefined) {
    const f = obj.fanout as Record<string, unknown>;
    if (typeof f !== 'object' || f === null || typeof f.width !== 'number' || typeof f.depth !== 'number') {
      fail(file, '"fanout" must be { "width": number, "depth": number }', 'e.g. "fanout": { "width": 16, "depth": 2 }');
    }
    out.fanout = { width: f.width as number, depth: f.depth as number };
  }
  if (obj.datastreams !== undefined) {
    if (!Array.isArray(obj.datastreams))
      fail(file, '"datastreams" must be an array', 'e.g. "datastreams": [{ "id": "OBJ", "size": "100KiB" }]');
    out.datastreams = obj.datastreams.map((d, i) => parseDatastreamEntry(d, `${file}: datastreams[${i}]`));
  }
  return out;
}

function parseDatastreamEntry(d: unknown, where: string): DatastreamSpec {
  if (typeof d !== 'object' || d === null) {
    throw new UsageError('E_BAD_WORKLOAD', `${where} must be an object`, 'e.g. { "id": "OBJ", "size": "100KiB" }');
  }
  const e = d as Record<string, unknown>;
  for (const key of Object.keys(e)) {
    if (!DS_KNOWN.has(key))
      throw new UsageError('E_BAD_WORKLOAD', `${where}: unknown field "${key}"`, 'known fields: id, size, kind, mime');
  }
  if (typeof e.id !== 'string')
    throw new UsageError('E_BAD_WORKLOAD', `${where}: "id" must be a string`, 'e.g. "id": "OBJ"');
  validateDatastreamId(e.id, where);
  if (typeof e.size !== 'string' && typeof e.size !== 'number') {
    throw new UsageError(
      'E_BAD_WORKLOAD',
      `${where}: "size" must be a string or a number`,
      'e.g. "size": "100KiB" or "size": "uniform:1KiB-1MiB"',
    );
  }
  const size = parseSizeSpec(String(e.size), `${where}: size`);
  const versioned = /^versioned:(.*)$/.exec(String(e.kind ?? ''));
  const kind = e.kind === undefined || versioned ? 'random' : parseContentKind(String(e.kind), where);
  const mime = e.mime === undefined ? defaultMime(kind) : String(e.mime);
  return {
    id: e.id,
    size,
    contentKind: kind,
    mime,
    ...(versioned ? { edit: parseEdit(versioned[1] ?? '', where) } : {}),
  };
}
