/**
 * The RFC 4180 reader of csv.ts as a state machine fed in chunks, for files too large to hold as
 * one string (`import` of ten million rows). Any split of a text into chunks gives the records, line
 * numbers and errors parseCsv gives for the whole text (a property test checks it): a byte order
 * mark only at the very start, quoted fields with "" escapes and newlines, CR, LF or CRLF line ends
 * (a CR at a chunk's end waits for the next chunk's first character), blank lines skipped.
 * Records are handed to a callback as they end, so memory holds one chunk and one record.
 */
import { UsageError } from '../errors.js';

export interface CsvRecord {
  /** 1-based line the record started on. */
  line: number;
  cells: string[];
}

const COMMA = 44;
const LF = 10;
const CR = 13;
const QUOTE = 34;

export class CsvStream {
  private cells: string[] = [];
  private cell = '';
  private quoted = false;
  /** A quote ended the last chunk inside a quoted field: "" escape or the closing quote. */
  private pendingQuote = false;
  /** A CR ended the last chunk (its record is ended): skip an LF that starts the next. */
  private pendingCr = false;
  private started = false;
  private line = 1;
  private recordLine = 1;

  constructor(
    private readonly file: string,
    private readonly emit: (record: CsvRecord) => void,
  ) {}

  private endRecord(): void {
    this.cells.push(this.cell);
    const cells = this.cells;
    this.cells = [];
    this.cell = '';
    if (!(cells.length === 1 && cells[0]?.trim() === '')) this.emit({ line: this.recordLine, cells });
  }

  push(text: string): void {
    const n = text.length;
    if (n === 0) return;
    let i = 0;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) i = 1; // byte order mark
    }
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.charCodeAt(i) === LF) i++;
    }
    if (this.pendingQuote && i < n) {
      this.pendingQuote = false;
      if (text.charCodeAt(i) === QUOTE) {
        this.cell += '"';
        i++;
      } else this.quoted = false;
    }
    while (i < n) {
      let j = i;
      if (this.quoted) {
        for (let c = text.charCodeAt(j); j < n && c !== QUOTE; c = text.charCodeAt(++j)) if (c === LF) this.line++;
        if (j > i) this.cell += text.slice(i, j);
        if (j >= n) return;
        if (j + 1 === n) {
          this.pendingQuote = true;
          return;
        }
        if (text.charCodeAt(j + 1) === QUOTE) {
          this.cell += '"';
          i = j + 2;
        } else {
          this.quoted = false;
          i = j + 1;
        }
        continue;
      }
      for (
        let c = text.charCodeAt(j);
        j < n && c !== COMMA && c !== LF && c !== CR && c !== QUOTE;
        c = text.charCodeAt(++j)
      );
      if (j > i) this.cell += text.slice(i, j);
      if (j >= n) return;
      const c = text.charCodeAt(j);
      i = j + 1;
      if (c === QUOTE) {
        if (this.cell.trim() === '') {
          this.quoted = true;
          this.cell = '';
        } else this.cell += '"';
      } else if (c === COMMA) {
        this.cells.push(this.cell);
        this.cell = '';
      } else {
        if (c === CR) {
          if (i === n) this.pendingCr = true;
          else if (text.charCodeAt(i) === LF) i++;
        }
        this.endRecord();
        this.line++;
        this.recordLine = this.line;
      }
    }
  }

  /** The end of the input: the last record, or E_BAD_CSV for a quoted field left open. */
  end(): void {
    if (this.pendingQuote) {
      this.pendingQuote = false;
      this.quoted = false;
    }
    if (this.quoted)
      throw new UsageError(
        'E_BAD_CSV',
        `${this.file}: line ${this.recordLine}: a quoted field is not closed`,
        'close the quote or remove it',
      );
    if (this.cell !== '' || this.cells.length > 0) this.endRecord();
  }
}
