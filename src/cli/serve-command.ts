/**
 * `ingest-scale serve --protocol fedora3|ldp|http-put`: run a reference server until SIGINT/SIGTERM.
 * It binds 127.0.0.1 unless --host says otherwise and prints its URL (JSON with --json) on stdout.
 * Each protocol is a module owning its flags and its start (src/cli/serve/); this file holds the
 * flags they share: --host, --port, --data, --user, --json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import type { CliContext } from './context.js';
import { parseIntFlag } from './parse-flags.js';
import type { ServeCommon, ServeProtocol } from './serve/serve-protocol.js';
import { SERVE_OPTIONS_ORDER, SERVE_PROTOCOLS } from './serve/serve-protocols.js';

interface ServeFlags {
  protocol: string;
  host: string;
  port: string;
  data?: string;
  user?: string;
  json?: boolean;
}

export const SERVER_PASSWORD_ENV = 'INGEST_SCALE_SERVER_PASSWORD';

/** The shared flags checked against the protocol: a password for --user; no --data or --user for one in memory. */
function checkCommon(f: ServeFlags, p: ServeProtocol): { port: number; password: string | undefined } {
  const port = parseIntFlag(f.port, '--port', 0, 65535);
  const password = process.env[SERVER_PASSWORD_ENV];
  if (f.user !== undefined && !password) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--user ${f.user} needs a password`,
      `set the ${SERVER_PASSWORD_ENV} environment variable`,
    );
  }
  if (!p.storesData && (f.user !== undefined || f.data !== undefined)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--protocol ${p.name} takes neither --user nor --data`,
      p.inMemory ?? `${p.name} keeps its data in memory`,
    );
  }
  return { port, password };
}

/** Serves until SIGINT or SIGTERM; a temporary data directory is removed afterwards. */
async function serve(ctx: CliContext, f: ServeFlags & Record<string, unknown>): Promise<void> {
  const p = SERVE_PROTOCOLS.find((x) => x.name === f.protocol) as ServeProtocol;
  const { port, password } = checkCommon(f, p);
  const temp = f.data === undefined && p.storesData ? mkdtempSync(join(tmpdir(), 'ingest-scale-serve-')) : undefined;
  const dataDir = f.data ?? temp ?? null;
  try {
    const common: ServeCommon = {
      host: f.host,
      port,
      dataDir,
      auth: f.user === undefined ? {} : { user: f.user, password },
      json: f.json === true,
    };
    const { server, line } = await p.start(f, common);
    if (f.json) ctx.out(JSON.stringify({ url: server.url, pid: process.pid, data: dataDir }));
    else {
      ctx.out(server.url);
      ctx.err(line);
    }
    if (!['127.0.0.1', 'localhost', '::1'].includes(f.host))
      ctx.err(`warning: bound to ${f.host}: the server is reachable from other machines`);
    await new Promise<void>((resolve) => {
      const stop = (): void => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await server.close();
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

export function serveCommand(ctx: CliContext): Command {
  const cmd = new Command('serve')
    .description('run a reference server that speaks a repository protocol (for tests, demos and CI)')
    .addOption(
      new Option('--protocol <name>', SERVE_PROTOCOLS.map((p) => p.summary).join('; '))
        .choices(SERVE_PROTOCOLS.map((p) => p.name))
        .makeOptionMandatory(),
    );
  for (const p of SERVE_OPTIONS_ORDER) for (const o of p.options()) cmd.addOption(o);
  return cmd
    .option('--host <address>', 'address to bind', '127.0.0.1')
    .option('--port <n>', 'port to listen on (0: any free port)', '0')
    .option('--data <dir>', 'LevelDB data directory, kept (default: a temporary directory removed on exit)')
    .option('--user <name>', `require HTTP Basic auth for writes; the password is read from ${SERVER_PASSWORD_ENV}`)
    .option('--json', 'print {"url", "pid", "data"} as one JSON line instead of text')
    .addHelpText(
      'after',
      '\nStops on SIGINT or SIGTERM. Examples: ingest-scale serve --protocol fedora3 --port 8080\n' +
        '          ingest-scale serve --protocol ldp --containment document\n' +
        '          ingest-scale serve --protocol http-put --cost step:10000:2 --base-cost 2ms   (a 2x cliff at 10,000 resources)',
    )
    .action(async (f: ServeFlags & Record<string, unknown>) => {
      await serve(ctx, f);
      ctx.exitCode = ExitCode.Ok;
    });
}
