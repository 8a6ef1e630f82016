/**
 * The worst of several verdicts: FAIL > INCONCLUSIVE > WARN > PASS, and PASS for none. One order for
 * every verdict made of others: `check --gate-probes` (exit-code.ts) and a compare's answer
 * (compare/paired-ratios.ts, compare/compare-answer.ts).
 */
import type { Verdict } from '../analysis/growth-gate.js';

const RANK: Record<Verdict, number> = { PASS: 0, WARN: 1, INCONCLUSIVE: 2, FAIL: 3 };

export function worstOf(vs: readonly Verdict[]): Verdict {
  let out: Verdict = 'PASS';
  for (const v of vs) if (RANK[v] > RANK[out]) out = v;
  return out;
}
