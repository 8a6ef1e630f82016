/**
 * Entry point: builds the command tree, runs it, maps errors to one clear line and an exit code.
 * The only process.exit of the project is here.
 */
import { Command, CommanderError } from 'commander';
import { isIngestScaleError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import { TOOL_VERSION } from '../version.js';
import { chartCommand } from './chart-command.js';
import { cleanCommand } from './clean-command.js';
import { compareCommand } from './compare-command.js';
import { checkCommand } from './check-command.js';
import { makeContext, type CliContext } from './context.js';
import { historyCommand } from './history-command.js';
import { importCommand } from './import-command.js';
import { mergeCommand } from './merge-command.js';
import { runCommand } from './run-command.js';
import { reportCommand } from './report-command.js';
import { runsCommand } from './runs-command.js';
import { serveCommand } from './serve-command.js';
import { watchCommand } from './watch-command.js';

const ABOUT =
  'Does ingest get slower as the store grows, and by how much? ingest-scale generates N synthetic objects, ' +
  'ingests them in fixed batches into a store, records every batch and operation in SQLite, fits a robust trend ' +
  'to the per-batch times, and says PASS, WARN, FAIL or INCONCLUSIVE, in its exit code too, so CI can fail a build on growth slope.';

function program(ctx: CliContext): Command {
  const p = new Command('ingest-scale')
    .description(ABOUT)
    .version(TOOL_VERSION, '-V, --version')
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      '\nExit codes: 0 PASS or WARN, 1 FAIL, 2 bad usage or input, 3 INCONCLUSIVE (too few batches, or the run did not complete),\n4 the run failed, 130 run stopped by Ctrl-C (SIGINT), 143 run stopped by SIGTERM.\nStart with: ingest-scale run   (embedded LevelDB store, default workload, 600 batches of 100 objects)',
    );
  for (const c of [
    runCommand(ctx),
    compareCommand(ctx),
    checkCommand(ctx),
    chartCommand(ctx),
    runsCommand(ctx),
    importCommand(ctx),
    mergeCommand(ctx),
    cleanCommand(ctx),
    serveCommand(ctx),
    reportCommand(ctx),
    watchCommand(ctx),
    historyCommand(ctx),
  ])
    p.addCommand(c);
  const applyOverride = (c: Command): void => {
    c.exitOverride();
    c.configureOutput({ writeErr: (s) => ctx.err(s.trimEnd()) });
    c.commands.forEach(applyOverride);
  };
  applyOverride(p);
  return p;
}

async function main(argv: string[]): Promise<number> {
  const ctx = makeContext();
  try {
    await program(ctx).parseAsync(argv);
    return ctx.exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      // help and version exit 0; any parse error of commander is a usage error
      return e.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage;
    }
    if (isIngestScaleError(e)) {
      ctx.err(`ingest-scale: ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}`);
      return e.exitCode;
    }
    ctx.err(`ingest-scale: internal error: ${(e as Error)?.stack ?? String(e)}`);
    ctx.err('  this is a bug; please report it with the command you ran');
    return ExitCode.RunFailed;
  }
}

const code = await main(process.argv);
// let stdout drain before exiting (pipes are asynchronous)
process.stdout.write('', () => process.exit(code));
