/** `serve --protocol fedora3`: the Fedora 3.8 REST API at /fedora on a LevelDB store (src/servers/fedora3/). */
import type { ServeProtocol } from './serve-protocol.js';
import { listeningLine } from './listening-line.js';

export const fedora3: ServeProtocol = {
  name: 'fedora3',
  summary: 'fedora3: Fedora 3.8 REST API at /fedora',
  options: () => [],
  storesData: true,
  async start(_flags, c) {
    const { startFedora3Server } = await import('../../servers/index.js');
    const server = await startFedora3Server({ host: c.host, port: c.port, dataDir: c.dataDir as string, ...c.auth });
    return { server, line: listeningLine('fedora3', server.url, c) };
  },
};
