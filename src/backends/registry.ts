/**
 * The backends: one module per folder (backend-module.ts), listed here in the order `run --help`
 * shows them. Adding a backend adds one line here (docs/adding-a-backend.md). The modules import
 * nothing heavy, so the CLI can read their names, descriptions and options without loading any
 * backend; `create` loads the implementation.
 */
import { UsageError } from '../errors.js';
import type { Backend } from './backend.js';
import type { BackendModule, RunTarget, TargetContext } from './backend-module.js';
import { fedora3 } from './fedora3/index.js';
import { httpPut } from './http-put/index.js';
import { ldp } from './ldp/index.js';
import { leveldb } from './leveldb/index.js';
import { memory } from './memory/index.js';
import { ocfl } from './ocfl/index.js';
import { s3 } from './s3/index.js';

export const BACKEND_MODULES: readonly BackendModule<unknown>[] = [leveldb, fedora3, ldp, httpPut, s3, memory, ocfl];

export function backendNames(): string[] {
  return BACKEND_MODULES.map((m) => m.name);
}

/** The module of a backend name, or the usage error listing the names. */
export function backendModule(name: string): BackendModule<unknown> {
  const m = BACKEND_MODULES.find((e) => e.name === name);
  if (!m)
    throw new UsageError(
      'E_UNKNOWN_BACKEND',
      `--backend "${name}" is unknown`,
      `use one of: ${backendNames().join(', ')}`,
    );
  return m;
}

/** A backend from parsed flags of `run`: its module checks them (UsageError naming the flag), then creates it. */
export async function createFromFlags(name: string, o: TargetContext & RunTarget): Promise<Backend> {
  const m = backendModule(name);
  const { flags = {}, ...ctx } = o;
  return m.create(m.fromFlags(flags, ctx));
}
