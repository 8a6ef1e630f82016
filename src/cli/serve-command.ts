/**
 * `ingest-scale serve --protocol fedora3|ldp|http-put`: run a reference server until SIGINT/SIGTERM.
 * It binds 127.0.0.1 unless --host says otherwise and prints its URL (JSON with --json) on stdout.
 * http-put is the ground-truth PUT store: in memory, with a per-PUT cost model and seeded faults.
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
  protocol: 'fedora3' | 'ldp' | 'http-put';
  cost: string;
  baseCost: string;
  fill: string;
  faults?: string;
  seed: string;
  warmup: boolean;
  containment: 'keyed' | 'document';
  host: string;
  port: string;
  data?: string;
  user?: string;
  json?: boolean;
}

/** PUTs the ground-truth store answers from itself before it serves (src/servers/http-put/self-warmup.ts). */
const SELF_WARMUP_REQUESTS = 3000;

export const SERVER_PASSWORD_ENV = 'INGEST_SCALE_SERVER_PASSWORD';

export function serveCommand(ctx: CliContext): Command {
  return new Command('serve')
    .description('run a reference server that speaks a repository protocol (for tests, demos and CI)')
    .addOption(
      new Option(
        '--protocol <name>',
        'fedora3: Fedora 3.8 REST API at /fedora; ldp: Fedora 6 HTTP API (LDP) at /rest; http-put: a WebDAV-style PUT store in memory with a known cost model',
      )
        .choices(['fedora3', 'ldp', 'http-put'])
        .makeOptionMandatory(),
    )
    .option(
      '--cost <model>',
      'http-put: the per-PUT cost as the store fills: constant, linear:FACTOR (FACTOR x the base cost at --fill), step:AT:FACTOR (from resource AT on), stalls:EVERY:FOR (the whole server pauses FOR every EVERY resources)',
      'constant',
    )
    .option(
      '--base-cost <duration>',
      'http-put: what a PUT into the empty store waits before it answers (e.g. 2ms, 500us)',
      '2ms',
    )
    .option(
      '--fill <n>',
      'http-put: the fill (resources stored) at which linear:FACTOR reaches FACTOR x the base cost',
      '10000',
    )
    .option('--faults <list>', 'http-put: seeded faults, e.g. 503:5%,reset:2%,hang:0.1%,slow:200ms (slow:D[:P%])')
    .option('--seed <n>', 'http-put: seed of the fault draws', '1')
    .option(
      '--no-warmup',
      'http-put: serve at once, without first answering 3,000 PUTs from itself (a 1 ms wait each, no faults, then emptied) so that its own code runs compiled from the first request of a run',
    )
    .addOption(
      new Option(
        '--containment <mode>',
        "ldp: keyed stores one key per child (scales); document rewrites each container's child list on every insert (the ModeShape failure mode, O(children) per insert)",
      )
        .choices(['keyed', 'document'])
        .default('keyed'),
    )
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
    .action(async (f: ServeFlags) => {
      const port = parseIntFlag(f.port, '--port', 0, 65535);
      const password = process.env[SERVER_PASSWORD_ENV];
      if (f.user !== undefined && !password) {
        throw new UsageError(
          'E_BAD_FLAG',
          `--user ${f.user} needs a password`,
          `set the ${SERVER_PASSWORD_ENV} environment variable`,
        );
      }
      if (f.protocol === 'http-put' && (f.user !== undefined || f.data !== undefined)) {
        throw new UsageError(
          'E_BAD_FLAG',
          `--protocol http-put takes neither --user nor --data`,
          'the ground-truth store keeps its bodies in memory and takes no credentials',
        );
      }
      const temp =
        f.data === undefined && f.protocol !== 'http-put'
          ? mkdtempSync(join(tmpdir(), 'ingest-scale-serve-'))
          : undefined;
      const dataDir = f.data ?? temp ?? null;
      try {
        const auth = f.user === undefined ? {} : { user: f.user, password };
        // servers load only when serving: the other commands never pay for them
        const server =
          f.protocol === 'http-put'
            ? await startGroundTruth(ctx, f, port)
            : f.protocol === 'ldp'
              ? await (
                  await import('../servers/ldp/ldp-server.js')
                ).startLdpServer({
                  host: f.host,
                  port,
                  dataDir: dataDir as string,
                  containment: f.containment,
                  ...auth,
                })
              : await (
                  await import('../servers/fedora3/fedora3-server.js')
                ).startFedora3Server({ host: f.host, port, dataDir: dataDir as string, ...auth });
        if (f.json) ctx.out(JSON.stringify({ url: server.url, pid: process.pid, data: dataDir }));
        else {
          ctx.out(server.url);
          if (f.protocol !== 'http-put')
            ctx.err(
              `${f.protocol} reference server${f.protocol === 'ldp' ? ` (${f.containment} containment)` : ''} listening on ${server.url} (data: ${dataDir}${f.user ? `; user ${f.user} required` : ''}); Ctrl-C to stop`,
            );
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
      ctx.exitCode = ExitCode.Ok;
    });
}

/** The ground-truth PUT store; its settings are checked before anything binds. */
async function startGroundTruth(
  ctx: CliContext,
  f: ServeFlags,
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const { parseCostModel, parseDurationMs, describeCost } = await import('../cost-model/cost-model.js');
  const { parseFaults, NO_FAULTS } = await import('../servers/http-put/faults.js');
  const cost = {
    model: parseCostModel(f.cost),
    baseMs: parseDurationMs(f.baseCost, '--base-cost'),
    fill: parseIntFlag(f.fill, '--fill', 1, Number.MAX_SAFE_INTEGER),
  };
  const faults = f.faults === undefined ? NO_FAULTS : parseFaults(f.faults);
  const seed = parseIntFlag(f.seed, '--seed', 0, 2 ** 32 - 1);
  const { startHttpPutServer } = await import('../servers/http-put/http-put-server.js');
  const server = await startHttpPutServer({
    host: f.host,
    port,
    cost,
    faults,
    seed,
    warmupRequests: f.warmup ? SELF_WARMUP_REQUESTS : 0,
  });
  if (!f.json) {
    ctx.err(
      `http-put ground-truth store listening on ${server.url} (in memory; cost ${describeCost(cost)}${f.faults ? `; faults ${f.faults}, seed ${seed}` : ''}); Ctrl-C to stop`,
    );
  }
  return server;
}
