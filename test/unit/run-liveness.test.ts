/** A `running` run whose process is gone is shown as interrupted; a live one, or one on another host with a fresh heartbeat, is not. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunRecord } from '../../src/model/records.js';
import { effectiveStatus, HEARTBEAT_STALE_MS, processAlive } from '../../src/store/run-liveness.js';
import { runRecord } from '../helpers/run-record.js';

const now = Date.parse('2026-12-03T12:00:00Z');
const run = (o: Partial<RunRecord>): RunRecord =>
  runRecord('r', {
    backend: 'leveldb',
    nodeVersion: 'v',
    startedAt: '2026-12-03T11:00:00Z',
    pid: 4242,
    runHost: 'here',
    heartbeatAt: '2026-12-03T11:59:00Z',
    ...o,
  });
const view = (alive: boolean) => ({ host: 'here', nowMs: now, alive: () => alive });

test('same host: interrupted exactly when the pid is gone', () => {
  assert.equal(effectiveStatus(run({}), view(false)), 'interrupted');
  assert.equal(effectiveStatus(run({}), view(true)), 'running');
});

test('another host: running while the heartbeat is fresh, interrupted when it is far too old', () => {
  assert.equal(effectiveStatus(run({ runHost: 'elsewhere' }), view(false)), 'running');
  const old = new Date(now - HEARTBEAT_STALE_MS - 1000).toISOString();
  assert.equal(effectiveStatus(run({ runHost: 'elsewhere', heartbeatAt: old }), view(true)), 'interrupted');
});

test('finished runs keep their status; a run from before schema v3 (no pid) is judged by its start time', () => {
  assert.equal(effectiveStatus(run({ status: 'aborted' }), view(false)), 'aborted');
  assert.equal(effectiveStatus(run({ pid: null, runHost: null, heartbeatAt: null }), view(false)), 'running');
  assert.equal(
    effectiveStatus(
      run({ pid: null, runHost: null, heartbeatAt: null, startedAt: '2026-11-01T00:00:00Z' }),
      view(false),
    ),
    'interrupted',
  );
});

test('processAlive: this process is alive, an impossible pid is not', () => {
  assert.equal(processAlive(process.pid), true);
  assert.equal(processAlive(2 ** 22 + 12345), false);
  assert.equal(processAlive(0), false);
});
