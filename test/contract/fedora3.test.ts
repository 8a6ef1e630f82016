/**
 * The Fedora 3 client passes the backend contract against the Fedora 3 reference server (which
 * shares no protocol code with it), and reads the server's answers the Fedora 3 way.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Fedora3Backend } from '../../src/backends/fedora3/fedora3-backend.js';
import { planObject } from '../../src/generate/plan.js';
import { defaultWorkload } from '../../src/workload/defaults.js';
import { startFedora3Server, type RunningServer } from '../../src/servers/fedora3/fedora3-server.js';
import { backendContract } from './backend-contract.js';

async function target(opts: { user?: string; password?: string; clientPassword?: string } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-f3-'));
  const server = await startFedora3Server({
    dataDir: dir,
    ...(opts.user ? { user: opts.user, password: opts.password ?? '' } : {}),
  });
  const backend = new Fedora3Backend({
    url: server.url,
    connections: 4,
    pidNamespace: 'ct',
    ...(opts.user ? { user: opts.user, password: opts.clientPassword ?? opts.password ?? '' } : {}),
  });
  return {
    backend,
    server,
    cleanup: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

backendContract('fedora3 (reference server)', () => target(), { emptyContent: false });
backendContract(
  'fedora3 with Basic auth (reference server)',
  () => target({ user: 'fedoraAdmin', password: 's3cret' }),
  { emptyContent: false },
);

describe('fedora3 client against the reference server', () => {
  let t: Awaited<ReturnType<typeof target>>;
  before(async () => {
    t = await target();
  });
  after(async () => {
    await t.backend.close();
    await t.cleanup();
  });

  test('preflight reads the repository name and version from /describe?xml=true', async () => {
    const info = await t.backend.preflight();
    assert.equal(info.backend, 'fedora3');
    assert.match(info.version ?? '', /^3\./);
    assert.equal(info.target, (t.server as RunningServer).url.replace(/\/$/, ''));
  });

  test('an existing PID is reported as "object exists" (E_EXISTS), not as a server fault', async () => {
    const plan = planObject(defaultWorkload(), 1, { idPrefix: 'again-' });
    await t.backend.ingest(plan);
    const [create] = await t.backend.ingest(plan);
    assert.equal(create?.errorCode, 'E_EXISTS');
    assert.equal(create?.httpStatus, 500);
  });
});

test('fedora3: a wrong password stops the run with an auth error (exit 4) at preflight, not an operation failure', async () => {
  const t = await target({ user: 'fedoraAdmin', password: 'right', clientPassword: 'wrong' });
  try {
    // the preflight's write check (getNextPID, API-M) finds it before the first object
    await assert.rejects(t.backend.preflight(), (e: Error & { code?: string; exitCode?: number }) => {
      assert.equal(e.code, 'E_AUTH');
      assert.match(e.message, /refused POST \S*\/objects\/nextPID\S* HTTP 401/);
      assert.equal(e.exitCode, 4);
      assert.doesNotMatch(e.message, /wrong|right/, 'the password is never in a message');
      return true;
    });
  } finally {
    await t.backend.close();
    await t.cleanup();
  }
});

test('fedora3: a server that is not Fedora 3 is refused at preflight with a clear target error', async () => {
  const { createServer } = await import('node:http');
  const other = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>nginx</h1>'));
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  const port = (other.address() as { port: number }).port;
  const b = new Fedora3Backend({ url: `http://127.0.0.1:${port}/fedora`, connections: 1, pidNamespace: 'x' });
  try {
    await assert.rejects(
      b.preflight(),
      (e: Error & { code?: string }) =>
        e.code === 'E_TARGET' && /does not look like a Fedora 3 repository.*HTTP 404/.test(e.message),
    );
  } finally {
    await b.close();
    await new Promise((r) => other.close(r));
  }
  const closed = new Fedora3Backend({ url: `http://127.0.0.1:${port}/fedora`, connections: 1, pidNamespace: 'x' });
  await assert.rejects(
    closed.preflight(),
    (e: Error & { code?: string }) => e.code === 'E_TARGET' && /cannot reach/.test(e.message),
  );
  await closed.close();
});
