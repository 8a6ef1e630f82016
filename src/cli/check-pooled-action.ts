/** `ingest-scale check RUN RUN…`: several repeats of one workload pooled into one answer (docs/history.md). */
import { exitCodeForVerdict, type ExitCode } from '../exit-codes.js';
import { UsageError } from '../errors.js';
import { checkPooledJson, checkPooledText } from '../report/index.js';
import { ResultsStore } from '../store/index.js';
import { loadPooledCheck } from '../verdict/index.js';
import type { CheckFlags } from './check-action.js';
import type { CliContext } from './context.js';
import { parseGateOverrides } from './gate-flags.js';

/** The flags that ask for one run's answer: refused with several runs. */
function refuseSingleRunFlags(f: CheckFlags): void {
  const single = [
    f.baseline === undefined ? null : '--baseline',
    f.forecast === undefined ? null : '--forecast',
    f.slo === undefined ? null : '--slo',
    f.sloAt === undefined ? null : '--slo-at',
  ].filter((s): s is string => s !== null);
  if (single.length === 0) return;
  throw new UsageError(
    'E_USAGE',
    `${single.join(' and ')} judge${single.length === 1 ? 's' : ''} one run; several runs were given to pool`,
    `check one run with ${single.join(' / ')} (e.g. \`check RUN ${single[0] ?? ''} …\`), or drop ${single.length === 1 ? 'it' : 'them'} to pool the repeats`,
  );
}

export async function checkPooled(ctx: CliContext, refs: readonly string[], f: CheckFlags): Promise<ExitCode> {
  refuseSingleRunFlags(f);
  const gates = parseGateOverrides(f);
  const store = await ResultsStore.open(f.db, 'read');
  try {
    const pooled = await loadPooledCheck(store, {
      runs: refs,
      gates,
      force: f.force === true,
      allowPartial: f.allowPartial === true,
    });
    ctx.out(f.json ? JSON.stringify(checkPooledJson(pooled, pooled.notes)) : checkPooledText(pooled, pooled.notes));
    return exitCodeForVerdict(pooled.verdict);
  } finally {
    await store.close();
  }
}
