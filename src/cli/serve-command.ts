/**
 * `ingest-scale serve --protocol fedora3|ldp`: run a reference server until SIGINT/SIGTERM. It binds
 * 127.0.0.1 unless --host says otherwise and prints its URL (JSON with --json) on stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import type { CliContext } from './context.js';
import { parseIntFlag } from './parse-flags.js';

interface ServeFlags {
  protocol: 'fedora3' | 'ldp';
  containment: 'keyed' | 'document';
  host: string;
  port: string;
  data?: string;
  user?: string;
  json?: boolean;
}

export const SERVER_PASSWORD_ENV = 'INGEST_SCALE_SERVER_PASSWORD';

export function serveCommand(ctx: CliContext): Command {
  return new Command('serve')
    .description('run a reference server on LevelDB that speaks a repository protocol (for tests, demos and CI)')
    .addOption(new Option('--protocol <name>', 'fedora3: Fedora 3.8 REST API at /fedora; ldp: Fedora 6 HTTP API (LDP) at /rest').choices(['fedora3', 'ldp']).makeOptionMandatory())
    .addOption(
      new Option('--containment <mode>', 'ldp: keyed stores one key per child (scales); document rewrites each container\'s child list on every insert (the ModeShape failure mode, O(children) per insert)')
        .choices(['keyed', 'document'])
        .default('keyed'),
    )
    .option('--host <address>', 'address to bind', '127.0.0.1')
    .option('--port <n>', 'port to listen on (0: any free port)', '0')
    .option('--data <dir>', 'LevelDB data directory, kept (default: a temporary directory removed on exit)')
    .option('--user <name>', `require HTTP Basic auth for writes; the password is read from ${SERVER_PASSWORD_ENV}`)
    .option('--json', 'print {"url", "pid", "data"} as one JSON line instead of text')
    .addHelpText('after', '\nStops on SIGINT or SIGTERM. Examples: ingest-scale serve --protocol fedora3 --port 8080\n          ingest-scale serve --protocol ldp --containment document')
    .action(async (f: ServeFlags) => {
      const port = parseIntFlag(f.port, '--port', 0, 65535);
      const password = process.env[SERVER_PASSWORD_ENV];
      if (f.user !== undefined && !password) {
        throw new UsageError('E_BAD_FLAG', `--user ${f.user} needs a password`, `set the ${SERVER_PASSWORD_ENV} environment variable`);
      }
      const temp = f.data === undefined ? mkdtempSync(join(tmpdir(), 'ingest-scale-serve-')) : undefined;
      const dataDir = f.data ?? (temp as string);
      try {
        const auth = f.user === undefined ? {} : { user: f.user, password };
        // servers load only when serving: the other commands never pay for them
        const server =
          f.protocol === 'ldp'
            ? await (await import('../servers/ldp/ldp-server.js')).startLdpServer({ host: f.host, port, dataDir, containment: f.containment, ...auth })
            : await (await import('../servers/fedora3/fedora3-server.js')).startFedora3Server({ host: f.host, port, dataDir, ...auth });
        if (f.json) ctx.out(JSON.stringify({ url: server.url, pid: process.pid, data: dataDir }));
        else {
          ctx.out(server.url);
          ctx.err(`${f.protocol} reference server${f.protocol === 'ldp' ? ` (${f.containment} containment)` : ''} listening on ${server.url} (data: ${dataDir}${f.user ? `; user ${f.user} required` : ''}); Ctrl-C to stop`);
        }
        if (!['127.0.0.1', 'localhost', '::1'].includes(f.host)) ctx.err(`warning: bound to ${f.host}: the server is reachable from other machines`);
        await new Promise<void>((resolve) => {
          const stop = (): void => resolve();
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
        await server.close();
      } finally {
        if (temp) rmSync(temp, { recursive: true, force: true });
      }
      ctx.exitCode = ExitCode.Ok;
    });
}
