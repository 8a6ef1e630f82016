/**
 * The gates as JUnit XML, the format GitHub (test-report actions), GitLab (artifacts:reports:junit)
 * and Jenkins (junit step) display: <testsuites> holding one <testsuite name="ingest-scale">.
 *
 * Test cases:
 *   growth           the growth gate (or the early stop): <failure> with the verdict text on FAIL,
 *                    <skipped> on INCONCLUSIVE, passes on PASS and WARN (the text in <system-out>)
 *   baseline scaling only with a baseline: FAIL / INCONCLUSIVE as above
 *   level change     only with a baseline and --max-level-change
 *   error budget     failed operations' share against --max-error-rate; <skipped> without
 *                    operation records (imported series)
 *   probe KIND       one per probe kind the run recorded (docs/probes.md): with --gate-probes FAIL /
 *                    INCONCLUSIVE as above (as check --gate-probes exits on them); without it the
 *                    case passes and its text says the verdict is reported, not gated
 * Properties: run.id, run.label, backend, target, verdict, the baseline's run id, and tag.KEY for each of the run's tags.
 * time attributes are seconds: "growth" carries the candidate's total ingest time (what was
 * measured), the other cases 0; the suite's time is their sum. The timestamp is the run's start in
 * UTC without a zone suffix (the JUnit XSD's form).
 */
import type { Verdict } from '../analysis/growth-gate.js';
import { escapeXml } from './escape.js';
import { probeDetail, probeGateNote } from './probe-text.js';
import { errorBudgetText, runName } from './report-facts.js';
import type { ReportInput } from './report-input.js';
import { baselineVerdictText, levelText, runVerdictText } from './verdict-block.js';

interface Case {
  name: string;
  seconds: number;
  outcome: 'pass' | 'failure' | 'skipped';
  /** One line for the message attribute. */
  message: string;
  /** The full text (failure body, or system-out). */
  text: string;
}

const attr = (v: string | number): string => `"${escapeXml(String(v))}"`;
const secs = (s: number): string => (Number.isFinite(s) ? s.toFixed(3) : '0.000');

function outcomeOf(v: Verdict): Case['outcome'] {
  return v === 'FAIL' ? 'failure' : v === 'INCONCLUSIVE' ? 'skipped' : 'pass';
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').replace(/\s+/g, ' ').trim();
}

function caseXml(c: Case): string {
  const open = `    <testcase classname="ingest-scale" name=${attr(c.name)} time="${secs(c.seconds)}"`;
  const out = `      <system-out>${escapeXml(c.text)}</system-out>`;
  switch (c.outcome) {
    case 'pass':
      return `${open}>\n${out}\n    </testcase>`;
    case 'skipped':
      return `${open}>\n      <skipped message=${attr(c.message)}/>\n${out}\n    </testcase>`;
    case 'failure':
      return `${open}>\n      <failure message=${attr(c.message)} type="FAIL">${escapeXml(c.text)}</failure>\n    </testcase>`;
  }
}

function cases(input: ReportInput): Case[] {
  const e = input.candidate.evaluation;
  const ingestSeconds = e.batches.reduce((s, b) => s + b.wallMs, 0) / 1000;
  const text = runVerdictText(e);
  const out: Case[] = [
    { name: 'growth', seconds: ingestSeconds, outcome: outcomeOf(e.verdict), message: firstLine(text), text },
  ];
  const facts = input.comparison ?? null;
  if (facts) {
    const c = facts.comparison;
    const bt = baselineVerdictText(c);
    const refused = facts.workload.refusals;
    const full =
      refused.length > 0
        ? `${bt}\nworkload differences (comparison forced):\n${refused.map((r) => `  - ${r}`).join('\n')}`
        : bt;
    out.push({
      name: 'baseline scaling',
      seconds: 0,
      outcome: outcomeOf(c.scaling.verdict),
      message: firstLine(bt),
      text: full,
    });
    if (c.level.verdict !== null) {
      const lt = levelText(c);
      out.push({
        name: 'level change',
        seconds: 0,
        outcome: outcomeOf(c.level.verdict),
        message: `${c.level.verdict}  ${firstLine(lt)}`,
        text: lt,
      });
    }
  }
  const budget = input.errorBudget;
  const bt = errorBudgetText(budget);
  const outcome = budget.verdict === 'NO_DATA' ? 'skipped' : budget.verdict === 'FAIL' ? 'failure' : 'pass';
  out.push({ name: 'error budget', seconds: 0, outcome, message: bt, text: bt });
  return [...out, ...probeCases(input)];
}

function probeCases(input: ReportInput): Case[] {
  const p = input.probes;
  if (!p) return [];
  const run = input.candidate.evaluation.run;
  return p.verdicts.map((v) => {
    const message = `${v.verdict}  ${v.kind} probe: ${probeDetail(v, run)}`;
    const text = `${message}\n${v.gate.reason}\n(${probeGateNote(p.gated)})`;
    return { name: `probe ${v.kind}`, seconds: 0, outcome: p.gated ? outcomeOf(v.verdict) : 'pass', message, text };
  });
}

/** "2026-03-01T10:00:00.000Z" -> "2026-03-01T10:00:00"; unparseable dates are passed through. */
function junitTimestamp(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toISOString().slice(0, 19);
}

export function renderJunit(input: ReportInput): string {
  const e = input.candidate.evaluation;
  const run = e.run;
  const cs = cases(input);
  const failures = cs.filter((c) => c.outcome === 'failure').length;
  const skipped = cs.filter((c) => c.outcome === 'skipped').length;
  const time = secs(cs.reduce((s, c) => s + c.seconds, 0));
  const props: [string, string][] = [
    ['run.id', run.id],
    ['run.label', runName(run)],
    ['backend', run.backend],
    ['target', run.target ?? ''],
    ['verdict', e.verdict],
    ['tool.version', input.toolVersion],
    ...Object.entries(run.tags ?? {}).map(([k, v]): [string, string] => [`tag.${k}`, v]),
  ];
  if (input.baseline) props.push(['baseline.run.id', input.baseline.evaluation.run.id]);
  const counts = `tests="${cs.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="ingest-scale" ${counts}>`,
    `  <testsuite name="ingest-scale" ${counts} timestamp=${attr(junitTimestamp(run.startedAt))} hostname=${attr(run.host.hostname)}>`,
    '    <properties>',
    ...props.map(([k, v]) => `      <property name=${attr(k)} value=${attr(v)}/>`),
    '    </properties>',
    ...cs.map(caseXml),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
