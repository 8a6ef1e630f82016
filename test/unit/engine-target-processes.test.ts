/**
 * The target's local processes (src/engine/target-processes.ts): the parsers on /proc texts, and a
 * real HTTP server in a child process on 127.0.0.1 found by its listening socket, its CPU read, and
 * a listener inside the tool's own process not counted twice.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { test } from 'node:test';
import { existsSync } from 'node:fs';
import {
  cpuTicksOfStat,
  findTargetProcesses,
  listeningInodes,
  loopbackPort,
  targetCpuUs,
  withDescendants,
} from '../../src/engine/target-processes.js';

test('parsers: loopback ports, listening inodes, CPU ticks, descendants', () => {
  assert.equal(loopbackPort('http://127.0.0.1:8080/fedora'), 8080);
  assert.equal(loopbackPort('http://localhost/rest'), 80);
  assert.equal(loopbackPort('https://[::1]/'), 443);
  assert.equal(loopbackPort('http://10.0.0.5:8080/'), null);
  assert.equal(loopbackPort('not a url'), null);
  const tcp = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 424242 1 0',
    '   1: 0100007F:1F90 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000  1000        0 525252 1 0',
    '   2: 00000000:0050 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1 0',
  ].join('\n');
  assert.deepEqual(listeningInodes(tcp, 8080), [424242]);
  assert.deepEqual(listeningInodes(tcp, 80), [111]);
  // a command name with spaces and a parenthesis; utime 7, stime 5
  assert.equal(cpuTicksOfStat('123 (node (x) y) S 1 123 123 0 -1 4194560 100 0 0 0 7 5 0 0 20 0 1 0'), 12);
  assert.equal(cpuTicksOfStat(null), null);
  const parents = new Map([
    [10, 1],
    [11, 10],
    [12, 11],
    [13, 1],
  ]);
  assert.deepEqual(withDescendants(10, parents), [10, 11, 12]);
  assert.equal(findTargetProcesses(null).missing, 'remote');
  assert.equal(findTargetProcesses('http://192.0.2.1:8080/').missing, 'remote');
});

test('a server in a child process on the loopback is found by its socket, and its CPU is read', async (t) => {
  if (!existsSync('/proc/net/tcp')) return t.skip('no /proc/net/tcp on this host');
  const child = spawn(
    process.execPath,
    [
      '-e',
      "const s=require('http').createServer((q,r)=>r.end());s.listen(0,'127.0.0.1',()=>console.log(s.address().port))",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const url = `http://127.0.0.1:${Number(String(line).trim())}/`;
    const found = findTargetProcesses(url);
    assert.equal(found.missing, null);
    assert.deepEqual(found.pids, [child.pid]);
    assert.ok((targetCpuUs(found.pids) ?? -1) >= 0);
  } finally {
    child.kill('SIGTERM');
  }
  // a listener of the tool's own process (an in-process sink) is the tool's CPU already
  const own = createServer();
  own.listen(0, '127.0.0.1');
  await once(own, 'listening');
  const port = (own.address() as { port: number }).port;
  assert.equal(findTargetProcesses(`http://127.0.0.1:${port}/`).missing, 'own-process');
  own.close();
});
