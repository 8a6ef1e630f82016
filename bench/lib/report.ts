/**
 * reports/perf.md: rendered from the results it holds. The file keeps every result as JSON in a
 * comment at its end, keyed by variant and benchmark, so running one benchmark replaces only its
 * own section; a hand-written block between the `manual` markers is kept as it is.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BenchResult } from './result.js';
import type { MachineFacts } from './machine.js';
import { fmt } from './stats.js';

export interface Stored {
  result: BenchResult;
  machine: MachineFacts;
}
type Data = Record<string, Stored>;

const DATA_START = '<!-- perf-data';
const DATA_END = 'perf-data -->';
const MANUAL_START = '<!-- manual:start -->';
const MANUAL_END = '<!-- manual:end -->';
/** The benchmarks a run without names runs. */
export const ORDER = ['http', 'generate', 'record', 'leveldb', 'memory', 'analysis', 'dav'];
/** The sections the report renders, in order: ORDER, then those run only when named that keep a section. */
const SECTIONS = [...ORDER, 'rgw', 'ground-truth'];

function load(path: string): { data: Data; manual: string } {
  if (!existsSync(path)) return { data: {}, manual: '' };
  const text = readFileSync(path, 'utf8');
  const a = text.indexOf(DATA_START);
  const b = text.indexOf(DATA_END);
  const data = a >= 0 && b > a ? (JSON.parse(text.slice(a + DATA_START.length, b)) as Data) : {};
  const m1 = text.indexOf(MANUAL_START);
  const m2 = text.indexOf(MANUAL_END);
  return { data, manual: m1 >= 0 && m2 > m1 ? text.slice(m1 + MANUAL_START.length, m2).trim() : '' };
}

const num = (x: number, unit: string): string => {
  if (!Number.isFinite(x)) return 'n/a';
  const digits = Math.abs(x) >= 100 ? 0 : Math.abs(x) >= 10 ? 1 : Math.abs(x) >= 1 ? 2 : 3;
  return `${fmt(x, digits)} ${unit}`;
};
const metText = (m: boolean | null): string => (m === null ? '–' : m ? '**met**' : '**missed**');
const table = (columns: string[], rows: string[][]): string =>
  [
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
  ].join('\n');

function section(s: Stored, heading: string): string {
  const r = s.result;
  const out = [
    `${heading} ${r.title}`,
    '',
    `Measured ${r.measuredAt ?? '?'} in ${r.mode} mode (${r.seconds.toFixed(0)} s) with \`${r.command ?? '?'}\`; ${s.machine.cores} cores, ${s.machine.cpuModel}, node ${s.machine.node}, load average ${s.machine.loadavg} at its start.`,
    '',
    table(
      ['figure', 'ours', 'reference', 'ratio', 'budget', 'met'],
      r.figures.map((f) => [
        f.figure,
        num(f.ours, f.unit),
        `${num(f.reference, f.unit)} (${f.referenceName})`,
        Number.isFinite(f.ratio) ? `${f.ratio.toFixed(2)}x` : 'n/a',
        f.budget ?? '–',
        metText(f.met),
      ]),
    ),
    '',
    'How:',
    '',
    ...r.method.map((m) => `- ${m}`),
  ];
  for (const t of r.tables) out.push('', `${t.title}:`, '', table(t.columns, t.rows));
  if (r.notes.length) out.push('', ...r.notes.map((n) => `- ${n}`));
  return out.join('\n');
}

function beforeAfter(data: Data): string | null {
  const rows: string[][] = [];
  for (const name of SECTIONS) {
    const before = data[`before:${name}`];
    const after = data[`full:${name}`];
    if (!before || !after) continue;
    for (const fb of before.result.figures) {
      const fa = after.result.figures.find((f) => f.figure === fb.figure);
      if (!fa) continue;
      rows.push([
        name,
        fb.figure,
        `${num(fb.ours, fb.unit)} (${Number.isFinite(fb.ratio) ? fb.ratio.toFixed(2) : 'n/a'}x)`,
        `${num(fa.ours, fa.unit)} (${Number.isFinite(fa.ratio) ? fa.ratio.toFixed(2) : 'n/a'}x)`,
        fa.budget ?? '–',
        `${metText(fb.met)} → ${metText(fa.met)}`,
      ]);
    }
  }
  if (rows.length === 0) return null;
  return [
    '## Before / after the src/ changes',
    '',
    'The same benchmark scripts, before: the full figures published before the latest round of src/ changes (stored as `--variant before`; each with its reference measured in its own run), after: the current full figures; the ratio (in brackets) is the comparable number, since absolute times drift on this machine.',
    '',
    table(['benchmark', 'figure', 'before: ours (ratio)', 'after: ours (ratio)', 'budget', 'met'], rows),
  ].join('\n');
}

export function writeReport(path: string, results: Stored[], variant: string, commandLine: string): void {
  const { data, manual } = load(path);
  for (const s of results) data[`${variant}:${s.result.name}`] = s;
  const full = SECTIONS.map((n) => data[`full:${n}`]).filter((x): x is Stored => x !== undefined);
  const quick = SECTIONS.map((n) => data[`quick:${n}`]).filter((x): x is Stored => x !== undefined);
  const all = full.flatMap((s) => s.result.figures.map((f) => ({ s, f })));
  const parts = [
    '# ingest-scale: overhead benchmarks',
    '',
    'Does the tool stay out of the way of what it measures? Each figure is a ratio against a reference measured in the same run on the same machine, because absolute times drift here (the development machine is shared). Generated by `bench/` (`npm run bench`; one benchmark: `npm run bench:http`, `bench:generate`, `bench:record`, `bench:leveldb`, `bench:memory`, `bench:analysis`, `bench:dav`, `bench:rgw` (run only when named: it starts a Ceph cluster); `-- --quick` for a one-minute pass). Benchmarks are not tests: CI runs only a tiny smoke of each script (`test/bench/bench-smoke.test.ts`), which checks the shape of the results, never a time or a budget.',
    '',
    `Last written by \`${commandLine}\`.`,
  ];
  if (all.length) {
    parts.push(
      '',
      '## Summary (full runs)',
      '',
      table(
        ['benchmark', 'figure', 'ours', 'reference', 'ratio', 'budget', 'met'],
        all.map(({ s, f }) => [
          s.result.name,
          f.figure,
          num(f.ours, f.unit),
          `${num(f.reference, f.unit)} (${f.referenceName})`,
          Number.isFinite(f.ratio) ? `${f.ratio.toFixed(2)}x` : 'n/a',
          f.budget ?? '–',
          metText(f.met),
        ]),
      ),
    );
  }
  full.forEach((s) => parts.push('', section(s, `## ${SECTIONS.indexOf(s.result.name) + 1}.`)));
  const ba = beforeAfter(data);
  if (ba) parts.push('', ba);
  parts.push('', '## Profiles and changes', '', MANUAL_START, manual || '_(none recorded)_', MANUAL_END);
  if (quick.length) {
    parts.push(
      '',
      '## Quick-mode figures',
      '',
      'From `npm run bench -- --quick`: smaller counts and a single round, for a one-minute check; indicative only, the full figures above are the published ones.',
    );
    quick.forEach((s) => parts.push('', section(s, '###')));
  }
  parts.push('', `${DATA_START}\n${JSON.stringify(data)}\n${DATA_END}`, '');
  writeFileSync(path, parts.join('\n'));
}
