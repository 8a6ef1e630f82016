/** `serve --protocol ldp`: the Fedora 6 HTTP API (LDP) at /rest on a LevelDB store (src/servers/ldp/). */
import { Option } from 'commander';
import type { ServeProtocol } from './serve-protocol.js';
import { listeningLine } from './listening-line.js';

export const ldp: ServeProtocol = {
  name: 'ldp',
  summary: 'ldp: Fedora 6 HTTP API (LDP) at /rest',
  options: () => [
    new Option(
      '--containment <mode>',
      "ldp: keyed stores one key per child (scales); document rewrites each container's child list on every insert (the ModeShape failure mode, O(children) per insert)",
    )
      .choices(['keyed', 'document'])
      .default('keyed'),
  ],
  storesData: true,
  async start(flags, c) {
    const containment = flags.containment as 'keyed' | 'document';
    const { startLdpServer } = await import('../../servers/index.js');
    const server = await startLdpServer({
      host: c.host,
      port: c.port,
      dataDir: c.dataDir as string,
      containment,
      ...c.auth,
    });
    return { server, line: listeningLine('ldp', server.url, c, ` (${containment} containment)`) };
  },
};
