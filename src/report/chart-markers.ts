/**
 * Marker letters on an asciichart plot (docs/commands/chart.md): with several runs overlaid, each run's
 * line carries its own letter (A, B, C, …) every few columns, and the legend names the letters, so
 * the chart reads without colour (piped output, CI logs, a printout).
 *
 * A letter sits where asciichart drew the line: asciichart puts value v of plot column x on row
 * rows - (round(v ratio) - round(min ratio)), ratio = height / (max - min), and draws column x's
 * segment (towards column x + 1) in text column x + 3 of its rows (after the label and the axis).
 * Letters of different runs are staggered so that runs on top of each other still show each letter.
 */

export const MARKERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

export function markerOf(k: number): string {
  return MARKERS[k % MARKERS.length] as string;
}

export interface AxisScale {
  min: number;
  max: number;
  height: number;
}

export interface Mark {
  row: number;
  /** Plot column (0 = the first value). */
  col: number;
  text: string;
}

/** The row asciichart draws a value on (0 = the top row). */
export function rowOf(v: number, s: AxisScale): number {
  const ratio = s.height / (s.max - s.min);
  const min2 = Math.round(s.min * ratio);
  const rows = Math.abs(Math.round(s.max * ratio) - min2);
  return rows - (Math.round(v * ratio) - min2);
}

/** Marks for each line: every `step` columns, line k shifted by k step / lines, on columns that have a segment. */
export function lineMarks(
  lines: readonly (readonly number[])[],
  s: AxisScale,
  step: number,
  text: (k: number) => string,
): Mark[] {
  const out: Mark[] = [];
  const stride = Math.max(2, Math.round(step));
  lines.forEach((line, k) => {
    const shift = Math.floor((k * stride) / Math.max(1, lines.length));
    const last = line.length - 2;
    const cols: number[] = [];
    for (let c = shift; c <= last; c += stride) cols.push(c);
    if (cols.length === 0 && last >= 0) cols.push(Math.min(shift, last));
    for (const c of cols) {
      const v = line[c];
      if (v !== undefined && Number.isFinite(v)) out.push({ row: rowOf(v, s), col: c, text: text(k) });
    }
  });
  return out;
}

/** Rewrites each visible character of a line (by its visible column), keeping ANSI colour escapes as they are. */
export function mapVisible(line: string, f: (ch: string, col: number) => string): string {
  let out = '';
  let col = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\x1b') {
      const end = line.indexOf('m', i);
      out += line.slice(i, end + 1);
      i = end;
      continue;
    }
    out += f(line[i] as string, col);
    col++;
  }
  return out;
}

/**
 * Puts each mark's text over the visible character at (row, firstDataColumn + col) of the plot,
 * walking past ANSI colour escapes (they stay, so a letter takes the colour it is given or the
 * line's). A later mark on the same cell wins.
 */
export function overlayMarks(plot: string, marks: readonly Mark[], firstDataColumn: number): string {
  const byRow = new Map<number, Map<number, string>>();
  for (const m of marks) {
    let r = byRow.get(m.row);
    if (r === undefined) byRow.set(m.row, (r = new Map()));
    r.set(firstDataColumn + m.col, m.text);
  }
  return plot
    .split('\n')
    .map((line, r) => {
      const at = byRow.get(r);
      if (at === undefined) return line;
      return mapVisible(line, (ch, col) => at.get(col) ?? ch);
    })
    .join('\n');
}
