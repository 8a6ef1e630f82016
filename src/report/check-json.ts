/**
 * `check --json` as a typed object, described by schemas/check.schema.json: the candidate's verdict
 * fields (the gate's, which `run --json` gives too), the gates it was judged by, its error budget, and
 * either its probe verdicts (alone) or the comparison with a baseline run (`check RUN --baseline RUN`).
 * Built from the verdict's StoredEvaluation; the CLI only prints it.
 *
 * The field names are read by checks outside the project: never rename or retype one. A new field is
 * optional, one line in CheckJson (or EvaluationJson) and one property in the schema, plus where it is set.
 */
import type { BaselineComparison } from '../analysis/baseline.js';
import type { Verdict } from '../analysis/growth-gate.js';
import type { RunStatus, StopInfo } from '../model/records.js';
import type { CompletionState, ErrorBudget, RunEvaluation, StoredEvaluation } from '../verdict/index.js';
import { contentionJson, type ContentionJson } from './contention-text.js';
import { gateJson, type GateJson } from './gate-json.js';
import { probeJson, type ProbesJson } from './probe-text.js';
import { recordedTimeouts } from './report-facts.js';

/** T as JSON.stringify writes it: a number that is not finite (NaN, ±Infinity) becomes null. */
export type AsJson<T> = T extends number ? number | null : T extends object ? { [K in keyof T]: AsJson<T[K]> } : T;

/** A run's verdict fields: the top level of `check --json` and of `run --json`. */
export interface EvaluationJson extends GateJson {
  runId: string;
  label: string | null;
  status: RunStatus;
  completion: CompletionState;
  /** Why an unfinished run is judged as it is; null for a complete run. */
  completionText: string | null;
  /** The look (or the probe) that stopped the run early, as recorded; null otherwise. */
  stoppedEarly: AsJson<StopInfo> | null;
  /** The host contention guard; null for an import. */
  contention: ContentionJson | null;
  /** run --request-timeout and --connect-timeout in ms; null when the run did not record them. */
  timeouts: { requestMs: number | null; connectMs: number | null };
  /** The live view's own cost in the run's process (run --json, check --json); null when none was drawn. */
  liveView: { frames: number; cpuMs: number; wallMs: number } | null;
  /** The run's tags (run --tag KEY=VALUE); {} when untagged. */
  tags: Record<string, string>;
}

/** The limits the candidate was judged by: its own settings, or the command line's. */
export interface CheckGatesJson {
  maxGrowth: number;
  maxErrorRate: number;
  minDetectable: number | null;
  /** Where a flag overrode the run's own setting, one line each. */
  overridden: string[];
}

/** `check --baseline`: the paired comparison (analysis/baseline.ts) and the workload differences. */
export type CheckBaselineJson = { runId: string } & AsJson<BaselineComparison> & {
    /** Differences that make the comparison unfair (present only when it was forced). */
    workloadDifferences: string[];
    /** Differences reported but not refused. */
    workloadNotes: string[];
  };

export interface CheckJson extends EvaluationJson {
  gates: CheckGatesJson;
  /** The candidate's error budget (verdict/error-budget.ts). */
  errors: ErrorBudget;
  /** Alone: the verdict of each probe kind the run recorded (absent without probes). */
  probes?: ProbesJson;
  /** With --baseline: the candidate's own growth verdict (`verdict` is then the comparison's). */
  ownVerdict?: Verdict;
  /** With --baseline: the comparison it was gated on. */
  baseline?: CheckBaselineJson;
}

/** The verdict fields of an evaluation (check --json, run --json). */
export function evaluationJson(e: RunEvaluation): EvaluationJson {
  const { run } = e;
  return {
    runId: run.id,
    label: run.label,
    status: run.status,
    ...gateJson(e.gate, e.power),
    verdict: e.verdict,
    completion: e.completion?.state ?? 'complete',
    completionText: e.completion?.text ?? null,
    stoppedEarly: run.stopInfo ?? null,
    contention: contentionJson(e.contention),
    timeouts: recordedTimeouts(run),
    liveView: run.settings?.liveView ?? null,
    tags: run.tags ?? {},
  };
}

/** `check --json` of an evaluation, alone or against a baseline. */
export function checkJson(s: StoredEvaluation): CheckJson {
  const own = s.candidate.evaluation;
  const gates: CheckGatesJson = {
    maxGrowth: s.gates.maxGrowth,
    maxErrorRate: s.gates.maxErrorRate,
    minDetectable: s.gates.minDetectable ?? null,
    overridden: s.gateNotes ?? [],
  };
  const head: CheckJson = { ...evaluationJson(own), gates, errors: s.errorBudget };
  const facts = s.comparison;
  if (!facts || !s.baseline) {
    const probes = s.probes?.verdicts ?? [];
    return probes.length === 0 ? head : { ...head, probes: probeJson(probes) };
  }
  const c = facts.comparison;
  return {
    ...head,
    verdict: c.verdict,
    ownVerdict: own.verdict,
    baseline: {
      runId: s.baseline.evaluation.run.id,
      ...c,
      workloadDifferences: facts.workload.refusals,
      workloadNotes: facts.workload.notes,
    },
  };
}
