/**
 * The text of a log (log-input.ts) as chunks of whole lines with their 1-based line numbers: a line
 * split across two text chunks is joined, a CR before the LF is dropped, and the last line is marked
 * when the file does not end with a line break (a writer cut off mid-line leaves exactly that). A
 * compressed stream that breaks off becomes one error naming the file and the line reached.
 */
import { UsageError } from '../errors.js';
import { LogInputError, type LogInput } from './log-input.js';

export interface LineChunk {
  lines: string[];
  /** Line number of lines[0]. */
  first: number;
  /** The input ended after these lines. */
  end: boolean;
  /** The input ended without a line break after its last line (the last of `lines`). */
  unterminated: boolean;
}

/** One line of the error format every log reader uses: `FILE: line N: what`. */
export function badLine(file: string, line: number, what: string, hint: string): UsageError {
  return new UsageError('E_BAD_LOG', `${file}: line ${line}: ${what}`, hint);
}

const stripCr = (line: string): string => (line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line);

export async function* linesOf(input: LogInput): AsyncGenerator<LineChunk> {
  let carry = '';
  let line = 1;
  try {
    for await (const text of input.text) {
      const parts = (carry === '' ? text : carry + text).split('\n');
      carry = parts.pop() as string;
      if (parts.length === 0) continue;
      for (let i = 0; i < parts.length; i++)
        if ((parts[i] as string).charCodeAt((parts[i] as string).length - 1) === 13)
          parts[i] = stripCr(parts[i] as string);
      yield { lines: parts, first: line, end: false, unterminated: false };
      line += parts.length;
    }
  } catch (e) {
    if (!(e instanceof LogInputError)) throw e;
    throw new UsageError(
      'E_BAD_LOG',
      `${input.file}: line ${line}: the ${e.compression} data is corrupt or cut off (${e.reason})`,
      'give the whole file as the tool wrote it, or decompress it to see how far it reads',
    );
  }
  const last = carry === '' ? [] : [stripCr(carry)];
  yield { lines: last, first: line, end: true, unterminated: last.length > 0 };
}

/** The line chunks of `rest` after `head` (a chunk already read to detect the format). */
export async function* withHead(head: LineChunk | null, rest: AsyncGenerator<LineChunk>): AsyncGenerator<LineChunk> {
  if (head !== null) yield head;
  yield* rest;
}
