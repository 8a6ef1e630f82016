/** The plain HTTP PUT backend passes the backend contract against nginx's WebDAV module. */
import { after, before } from 'node:test';
import { HttpPutBackend } from '../../src/backends/http-put/http-put-backend.js';
import { nginxInstalled, startNginx, type NginxPeer } from '../helpers/nginx-peer.js';
import { backendContract } from './backend-contract.js';

const skip = !nginxInstalled() && !process.env.CI;
let peer: NginxPeer | undefined;
before(async () => {
  if (!skip) peer = await startNginx();
});
after(async () => {
  await peer?.stop();
});

if (!skip) {
  backendContract(
    'http-put (nginx dav_methods)',
    async () => {
      if (!peer) throw new Error('nginx is not running');
      const workload = {
        layout: 'flat' as const,
        fanout: { width: 16, depth: 2 },
        datastreams: ['OBJ', 'META', 'BIG', 'EMPTY', 'TXT', 'D'].map((id) => ({ id, size: { kind: 'fixed' as const, bytes: 1 }, contentKind: 'random' as const, mime: 'application/octet-stream' })),
      };
      return { backend: new HttpPutBackend({ url: peer.url, connections: 4, runId: `n${Math.random().toString(36).slice(2, 8)}`, workload }), cleanup: async () => undefined };
    },
    { emptyContent: true, refusesExisting: false },
  );
}
