/** The CLI's import-free list of backend names is exactly the registry's, in the same order. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BACKEND_NAMES } from '../../src/backends/backend-names.js';
import { backendNames } from '../../src/backends/registry.js';

test('BACKEND_NAMES lists every registry entry, in order, and nothing else', () => {
  assert.deepEqual([...BACKEND_NAMES], backendNames());
});
