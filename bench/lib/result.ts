/** What every benchmark returns: its headline figures (ours, reference, ratio, budget) and detail tables. */

export type Mode = 'full' | 'quick' | 'tiny';

export interface BenchContext {
  mode: Mode;
  log(line: string): void;
}

/** One headline figure: our number, the reference measured in the same run, their ratio, and the budget. */
export interface Figure {
  /** What was measured, e.g. "1 KiB PUT, concurrency 4". */
  figure: string;
  ours: number;
  reference: number;
  /** Unit of ours and reference, e.g. "req/s", "GB/s", "MB". */
  unit: string;
  /** What the reference is, e.g. "autocannon 8.0.0". */
  referenceName: string;
  /** ours / reference (for memory and time budgets: as documented in the benchmark's notes). */
  ratio: number;
  /** The budget in words (e.g. ">= 0.90x", "<= 200 MB"), or null where none applies. */
  budget: string | null;
  /** Whether the budget was met; null where no budget applies. */
  met: boolean | null;
}

export interface Table {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface BenchResult {
  name: string;
  title: string;
  mode: Mode;
  /** How the figures were measured (methods, fairness, what the reference is). */
  method: string[];
  figures: Figure[];
  tables: Table[];
  notes: string[];
  /** Wall time of the benchmark, seconds. */
  seconds: number;
  /** Exact command line that produced this result (filled in by the runner). */
  command?: string;
  /** ISO date of the measurement (filled in by the runner). */
  measuredAt?: string;
}

export type Benchmark = (
  ctx: BenchContext,
) => Promise<Omit<BenchResult, 'seconds' | 'mode' | 'command' | 'measuredAt'>>;

export function figure(f: Omit<Figure, 'ratio' | 'met'> & { ratio?: number; met?: boolean | null }): Figure {
  const ratio = f.ratio ?? (f.reference > 0 ? f.ours / f.reference : Number.NaN);
  return { ...f, ratio, met: f.met ?? null };
}
