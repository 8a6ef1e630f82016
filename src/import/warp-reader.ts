/**
 * MinIO warp's benchmark data (`--benchdata FILE`, written zstd-compressed as FILE.csv.zst): tab-separated
 * with a header, one operation a line. Warp's writer (pkg/bench/ops.go) names the columns
 * `idx thread op client_id n_objects bytes endpoint file error start first_byte end duration_ns cat`
 * (older releases fewer of them: client_id, endpoint and cat came later); times are RFC 3339 with
 * nanoseconds, `first_byte` empty where it was not taken, `error` empty for a success. Lines starting
 * with `# ` after the data are the benchmark's comment. Warp records no HTTP status: an operation
 * with an error is failed without one.
 */
import { badLine, type LineChunk } from './log-lines.js';
import { rfc3339Ms, toNs, type LogFacts, type LogRequest, type RequestChunk } from './log-request.js';

const HINT = 'give the --benchdata file warp wrote (FILE.csv.zst), whole';
/** Warp's operation types as the HTTP method each sends. */
const METHOD: Record<string, string> = { PUT: 'PUT', GET: 'GET', DELETE: 'DELETE', STAT: 'HEAD', LIST: 'GET' };

/** The columns of a warp header line, or null when it is not one (tab-separated op, start and end). */
export function warpHeader(line: string): string[] | null {
  const columns = line.split('\t');
  return columns.includes('op') && columns.includes('start') && columns.includes('end') ? columns : null;
}

export class WarpReader {
  readonly facts: LogFacts = { tool: 'warp', hasMethod: true };
  private readonly at: Record<'op' | 'start' | 'end' | 'firstByte' | 'bytes' | 'file' | 'error', number>;
  private readonly width: number;

  constructor(
    private readonly file: string,
    columns: readonly string[],
  ) {
    const i = (name: string): number => columns.indexOf(name);
    this.at = {
      op: i('op'),
      start: i('start'),
      end: i('end'),
      firstByte: i('first_byte'),
      bytes: i('bytes'),
      file: i('file'),
      error: i('error'),
    };
    this.width = columns.length;
  }

  private request(cells: readonly string[], n: number): LogRequest {
    if (cells.length !== this.width)
      throw badLine(this.file, n, `${cells.length} fields, not the header's ${this.width} (cut off?)`, HINT);
    const a = this.at;
    const start = rfc3339Ms(cells[a.start] as string);
    const end = rfc3339Ms(cells[a.end] as string);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start)
      throw badLine(this.file, n, 'start and end must be RFC 3339 times, end not before start', HINT);
    const fb = a.firstByte < 0 || cells[a.firstByte] === '' ? NaN : rfc3339Ms(cells[a.firstByte] as string);
    const op = (cells[a.op] as string).toUpperCase();
    const bytes = a.bytes < 0 ? 0 : Number(cells[a.bytes]);
    const name = a.file < 0 ? op : (cells[a.file] as string);
    return {
      startMs: toNs(start),
      endMs: toNs(end),
      durationMs: toNs(end - start),
      ttfbMs: Number.isFinite(fb) ? toNs(fb - start) : null,
      method: METHOD[op] ?? op,
      name: op,
      url: name,
      status: null,
      ok: a.error < 0 || cells[a.error] === '',
      bytes: Number.isFinite(bytes) ? bytes : 0,
      line: n,
    };
  }

  async *read(chunks: AsyncIterable<LineChunk>): AsyncGenerator<RequestChunk> {
    for await (const c of chunks) {
      const out: LogRequest[] = [];
      let other = 0;
      for (let i = 0; i < c.lines.length; i++) {
        const line = c.lines[i] as string;
        if (line === '') continue;
        if (line.charCodeAt(0) === 35) {
          const v = /\bwarp version (\S+)/.exec(line);
          if (v?.[1] !== undefined) this.facts.version = v[1];
          other++;
          continue;
        }
        out.push(this.request(line.split('\t'), c.first + i));
      }
      yield { requests: out, otherLines: other };
    }
  }
}
