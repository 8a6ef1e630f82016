/**
 * A small RFC 4180 CSV reader: header row, quoted fields with "" escapes, CRLF or LF, blank lines
 * skipped. Errors name the file and line.
 */
import { UsageError } from '../errors.js';

export interface CsvTable {
  header: string[];
  /** Data rows with the 1-based line number each started on. */
  rows: { line: number; cells: string[] }[];
}

export function parseCsv(text: string, file: string): CsvTable {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // byte order mark
  const endRecord = (): void => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0]?.trim() === '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else cell += c;
  }
  if (quoted)
    throw new UsageError(
      'E_BAD_CSV',
      `${file}: line ${recordLine}: a quoted field is not closed`,
      'close the quote or remove it',
    );
  if (cell !== '' || cells.length > 0) endRecord();
  const [head, ...rows] = records;
  if (!head)
    throw new UsageError('E_BAD_CSV', `${file} is empty`, 'give a CSV with a header row and one row per batch');
  return { header: head.cells.map((h) => h.trim()), rows };
}
