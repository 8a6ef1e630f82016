/** Text helpers of the live view: lines cut to the terminal's width without breaking ANSI colour escapes. */

const ESC = '\x1b';

/** The line cut to `width` visible characters; colour escapes are kept (and a reset added when any was cut). */
export function clipLine(line: string, width: number): string {
  let out = '';
  let visible = 0;
  let cut = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (ch === ESC) {
      const end = line.indexOf('m', i);
      if (end < 0) break;
      out += line.slice(i, end + 1);
      i = end;
      continue;
    }
    if (visible >= width) {
      cut = true;
      continue;
    }
    out += ch;
    visible++;
  }
  return cut && out.includes(ESC) ? `${out}${ESC}[0m` : out;
}

/** A word in a verdict's colour (green PASS, yellow WARN, red FAIL), plain without colour. */
export function paint(word: string, color: boolean): string {
  if (!color) return word;
  const code = word.startsWith('PASS') ? 32 : word.startsWith('WARN') ? 33 : word.startsWith('FAIL') ? 31 : 0;
  return code === 0 ? word : `${ESC}[${code}m${word}${ESC}[0m`;
}

/** Visible length of a line (colour escapes count nothing). */
export function visibleLength(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === ESC) {
      const end = line.indexOf('m', i);
      if (end < 0) break;
      i = end;
      continue;
    }
    n++;
  }
  return n;
}

/**
 * A line broken at spaces into lines of at most `width` visible characters, the continuations
 * indented by two spaces; a word longer than a line is cut (clipLine).
 */
export function wrapLine(line: string, width: number): string[] {
  if (visibleLength(line) <= width) return [line];
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const next = current === '' ? word : `${current} ${word}`;
    if (visibleLength(next) <= width || current.trim() === '') {
      current = next;
      continue;
    }
    out.push(current);
    current = `  ${word}`;
  }
  if (current.trim() !== '') out.push(current);
  return out.map((l) => clipLine(l, width));
}
