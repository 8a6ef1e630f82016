/**
 * The targets file of `compare --targets FILE`: two or more named targets, each a backend and that
 * backend's run flags in camelCase, e.g.
 *
 *   {"targets": {"old": {"backend": "ldp", "url": "http://127.0.0.1:8080/rest", "tx": "per-batch"},
 *                "new": {"backend": "ldp", "url": "http://127.0.0.1:8081/rest", "passwordEnv": "NEW_PASSWORD"}}}
 *
 * The keys a target may have are derived from its backend's module (backend-module.ts): its run
 * options, as `optionKey` spells them, plus `backend` and the names of the environment variables of
 * its secrets (`passwordEnv`, `tokenEnv`; the secrets themselves are never in the file) and the
 * target's run tags (`"tags": {"version": "6.5.1"}`, as `run --tag`). The first
 * target is the reference. Every error names the file, the target and the key (exit 2).
 */
import { readFileSync } from 'node:fs';
import { BACKEND_MODULES, optionKey, type BackendModule, type BackendOptionSpec } from '../backends/index.js';
import { UsageError } from '../errors.js';
import { tagProblem, type RunTags } from '../model/run-tags.js';

export interface CompareTarget {
  /** The target's name in the file. */
  name: string;
  backend: string;
  /** Its backend flags, keyed as commander parses them (string values, true for a switch). */
  flags: Record<string, string | true>;
  /** Names of the environment variables holding its password and token (never the values). */
  passwordEnv?: string;
  tokenEnv?: string;
  /** The tags of the target's run (as run --tag). */
  tags?: RunTags;
}

/** The keys of a target that are not backend flags. */
export const TARGET_META_KEYS = ['backend', 'passwordEnv', 'tokenEnv', 'tags'] as const;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const MAX_TARGETS = 16;

const bad = (file: string, what: string, hint: string): UsageError =>
  new UsageError('E_BAD_TARGETS', `--targets ${file}: ${what}`, hint);

const runOptions = (m: BackendModule<unknown>): BackendOptionSpec[] =>
  m.options.filter((o) => (o.commands ?? ['run']).includes('run'));

function flagValueOf(file: string, where: string, spec: BackendOptionSpec, v: unknown): string | true | undefined {
  if (spec.value === undefined) {
    if (typeof v !== 'boolean')
      throw bad(
        file,
        `${where} must be true or false (it is the switch ${spec.flag})`,
        `write ${where.split(' ').pop()}: true, or leave it out`,
      );
    return v ? true : undefined;
  }
  if (typeof v !== 'string' && !(typeof v === 'number' && Number.isFinite(v))) {
    throw bad(
      file,
      `${where} must be a string (the value of ${spec.flag} ${spec.value})`,
      `give it as a JSON string, e.g. "${spec.default ?? '…'}"`,
    );
  }
  const s = String(v);
  if (spec.choices && !spec.choices.includes(s))
    throw bad(
      file,
      `${where} "${s}" is not one of ${spec.choices.join(', ')}`,
      `use one of: ${spec.choices.join(', ')}`,
    );
  return s;
}

function parseTargetTags(file: string, name: string, v: unknown): RunTags {
  const hint = `write e.g. "tags": {"version": "6.5.1"}`;
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw bad(file, `target "${name}": "tags" must be an object of KEY: VALUE`, hint);
  const tags: RunTags = {};
  for (const [k, raw] of Object.entries(v)) {
    if (typeof raw !== 'string') throw bad(file, `target "${name}": tag ${k} must be a string`, hint);
    const problem = tagProblem(k, raw);
    if (problem !== null) throw bad(file, `target "${name}": ${problem}`, hint);
    tags[k] = raw;
  }
  return tags;
}

function parseTarget(file: string, name: string, raw: unknown): CompareTarget {
  if (!NAME.test(name))
    throw bad(
      file,
      `target name "${name}" is not allowed`,
      'name targets with letters, digits, ".", "_" or "-" (at most 64 characters, not starting with a symbol)',
    );
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw bad(file, `target "${name}" must be an object`, `write "${name}": {"backend": "leveldb"}`);
  const t = raw as Record<string, unknown>;
  const names = BACKEND_MODULES.map((m) => m.name);
  if (typeof t.backend !== 'string')
    throw bad(file, `target "${name}" has no "backend"`, `add "backend": one of ${names.join(', ')}`);
  const m = BACKEND_MODULES.find((x) => x.name === t.backend);
  if (!m) throw bad(file, `target "${name}": backend "${t.backend}" is unknown`, `use one of: ${names.join(', ')}`);
  const specs = new Map(runOptions(m).map((o) => [optionKey(o.flag), o]));
  const out: CompareTarget = { name, backend: m.name, flags: {} };
  for (const [key, v] of Object.entries(t)) {
    if (key === 'backend') continue;
    if (key === 'passwordEnv' || key === 'tokenEnv') {
      if (typeof v !== 'string' || !ENV_NAME.test(v))
        throw bad(
          file,
          `target "${name}": "${key}" must name an environment variable`,
          `e.g. "${key}": "${key === 'passwordEnv' ? 'OLD_PASSWORD' : 'OLD_TOKEN'}" (the secret itself stays in the environment)`,
        );
      out[key] = v;
      continue;
    }
    if (key === 'tags') {
      out.tags = parseTargetTags(file, name, v);
      continue;
    }
    const spec = specs.get(key);
    if (!spec) {
      const other = BACKEND_MODULES.filter((x) => runOptions(x).some((o) => optionKey(o.flag) === key)).map(
        (x) => x.name,
      );
      const takes = [...specs.keys(), 'passwordEnv', 'tokenEnv'].join(', ');
      const why =
        other.length > 0
          ? `it is for ${other.join(', ')}`
          : /password|secret|token/i.test(key)
            ? 'secrets never go in the file'
            : 'no backend takes it';
      throw bad(
        file,
        `target "${name}": key "${key}" is not taken by backend ${m.name} (${why})`,
        `${m.name} takes: ${takes}`,
      );
    }
    const value = flagValueOf(file, `target "${name}" key "${key}"`, spec, v);
    if (value !== undefined) out.flags[key] = value;
  }
  return out;
}

/** Validates parsed JSON as a targets file (pure): the targets in file order, the first the reference. */
export function parseTargets(file: string, json: unknown): CompareTarget[] {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw bad(
      file,
      'must hold a JSON object',
      'write {"targets": {"a": {"backend": "leveldb"}, "b": {"backend": "leveldb"}}}',
    );
  const top = json as Record<string, unknown>;
  const extra = Object.keys(top).find((k) => k !== 'targets');
  if (extra !== undefined)
    throw bad(
      file,
      `key "${extra}" is not known`,
      'the file holds only "targets"; workload flags go on the command line',
    );
  const targets = top.targets;
  if (typeof targets !== 'object' || targets === null || Array.isArray(targets))
    throw bad(
      file,
      '"targets" must be an object of named targets',
      'write "targets": {"a": {…}, "b": {…}} (the first is the reference)',
    );
  const entries = Object.entries(targets as Record<string, unknown>);
  if (entries.length < 2)
    throw bad(
      file,
      `names ${entries.length} target${entries.length === 1 ? '' : 's'}; a compare needs at least 2`,
      'add a second target to compare against the first',
    );
  if (entries.length > MAX_TARGETS)
    throw bad(file, `names ${entries.length} targets, more than ${MAX_TARGETS}`, 'split the compare');
  return entries.map(([name, raw]) => parseTarget(file, name, raw));
}

/** Reads and validates a targets file. */
export function readTargetsFile(file: string): CompareTarget[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(
      'E_FILE_UNREADABLE',
      `--targets ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      'give the path of a JSON targets file',
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw bad(file, `is not valid JSON (${(e as Error).message})`, 'fix the JSON syntax');
  }
  return parseTargets(file, json);
}

/**
 * The secrets of a target from the environment: its own variables if named, else INGEST_SCALE_PASSWORD /
 * INGEST_SCALE_TOKEN; the client credentials of a Solid-OIDC login (an ldp target's oidcIssuer) are
 * INGEST_SCALE_CLIENT_ID and INGEST_SCALE_CLIENT_SECRET for every target.
 */
export function targetSecrets(
  t: CompareTarget,
  env: NodeJS.ProcessEnv,
): { password?: string; token?: string; clientId?: string; clientSecret?: string } {
  const password = (t.passwordEnv === undefined ? env.INGEST_SCALE_PASSWORD : env[t.passwordEnv]) || undefined;
  const token = (t.tokenEnv === undefined ? env.INGEST_SCALE_TOKEN : env[t.tokenEnv]) || undefined;
  if (t.passwordEnv !== undefined && password === undefined) {
    throw new UsageError(
      'E_BAD_TARGETS',
      `target "${t.name}": passwordEnv names ${t.passwordEnv}, which is not set`,
      `export ${t.passwordEnv}=… before compare, or drop passwordEnv`,
    );
  }
  if (t.tokenEnv !== undefined && token === undefined) {
    throw new UsageError(
      'E_BAD_TARGETS',
      `target "${t.name}": tokenEnv names ${t.tokenEnv}, which is not set`,
      `export ${t.tokenEnv}=… before compare, or drop tokenEnv`,
    );
  }
  const clientId = env.INGEST_SCALE_CLIENT_ID || undefined;
  const clientSecret = env.INGEST_SCALE_CLIENT_SECRET || undefined;
  return {
    ...(password === undefined ? {} : { password }),
    ...(token === undefined ? {} : { token }),
    ...(clientId === undefined ? {} : { clientId }),
    ...(clientSecret === undefined ? {} : { clientSecret }),
  };
}
