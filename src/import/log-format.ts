/**
 * Which tool wrote a log, told from its first non-blank line: a JSON object line is k6's `--out json`,
 * `<` starts JMeter's XML results, a tab-separated header with op, start and end is warp's
 * benchmark data, a header with timeStamp and elapsed is JMeter's CSV; anything else is a per-batch
 * CSV only when asked for (`--format csv`). A `--format` that the content contradicts, or content
 * that is none of them, is one error naming the file and the line.
 */
import { UsageError } from '../errors.js';
import { jmeterHeader } from './jmeter-csv-reader.js';
import { warpHeader } from './warp-reader.js';

export const LOG_FORMATS = ['k6', 'jmeter', 'warp', 'csv'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export type Detected =
  | { format: 'k6' }
  | { format: 'jmeter'; variant: 'xml' }
  | { format: 'jmeter'; variant: 'csv'; delimiter: string; columns: string[] }
  | { format: 'warp'; columns: string[] }
  | { format: 'unknown' };

const NAMES: Record<Exclude<Detected['format'], 'unknown'>, string> = {
  k6: "k6's --out json lines",
  jmeter: "JMeter's results (CSV or XML)",
  warp: "warp's --benchdata",
};

/** What the line looks like. */
export function detect(line: string): Detected {
  const t = line.replace(/^\uFEFF/, '').trimStart();
  if (t.startsWith('{') && /"type"\s*:\s*"(Metric|Point)"/.test(t)) return { format: 'k6' };
  if (t.startsWith('<')) return { format: 'jmeter', variant: 'xml' };
  const warp = warpHeader(t);
  if (warp !== null) return { format: 'warp', columns: warp };
  const jm = jmeterHeader(t);
  if (jm !== null) return { format: 'jmeter', variant: 'csv', ...jm };
  return { format: 'unknown' };
}

const shown = (line: string): string => (line.length > 60 ? `${line.slice(0, 60)}…` : line);

/** The detected format, checked against --format when given. */
export function resolveFormat(file: string, lineNo: number, line: string, asked: LogFormat | undefined): Detected {
  const d = detect(line);
  if (asked === undefined) {
    if (d.format !== 'unknown') return d;
    throw new UsageError(
      'E_LOG_FORMAT',
      `${file}: line ${lineNo}: cannot tell which tool wrote it (it starts "${shown(line)}")`,
      'give --format k6|jmeter|warp, or --format csv --column NAME for a per-batch CSV; a JMeter CSV needs its header row',
    );
  }
  if (d.format === asked) return d;
  const what = d.format === 'unknown' ? `an unknown column set or format ("${shown(line)}")` : NAMES[d.format];
  const need =
    asked === 'jmeter'
      ? 'a JMeter CSV header naming at least timeStamp and elapsed, or a JMeter XML file'
      : asked === 'warp'
        ? "warp's tab-separated header with op, start and end"
        : "k6's JSON lines";
  throw new UsageError(
    'E_LOG_FORMAT',
    `${file}: line ${lineNo}: --format ${asked} needs ${need}, but this is ${what}`,
    d.format === 'unknown' ? 'check the file and --format' : `use --format ${d.format} (or leave --format out)`,
  );
}
