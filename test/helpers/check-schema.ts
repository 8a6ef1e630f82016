/** schemas/check.schema.json compiled once (draft 2020-12, ajv in strict mode), for the tests of `check --json`. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv2020Module from 'ajv/dist/2020.js';

export const CHECK_SCHEMA = JSON.parse(
  readFileSync(new URL('../../../schemas/check.schema.json', import.meta.url), 'utf8'),
) as { properties: Record<string, unknown>; required: string[] };

const ajv = new Ajv2020Module.default({ allErrors: true, strict: true, allowUnionTypes: true });
const validate = ajv.compile(CHECK_SCHEMA);

/** The schema's complaints about a value (an empty list when it validates). */
export function checkSchemaErrors(value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** Fails the test, naming each complaint, unless the value validates. */
export function assertCheckJson(value: unknown, what = 'check --json'): void {
  const errors = checkSchemaErrors(value);
  assert.deepEqual(errors, [], `${what} does not match schemas/check.schema.json:\n${errors.join('\n')}`);
}
