/**
 * One line on a terminal redrawn in place (carriage return, erase line), cut to the terminal's width
 * so it never wraps; ended with a newline before anything else is printed. The live progress lines of
 * run (progress-line.ts) and compare (compare-progress.ts) draw through it.
 */
export class TerminalLine {
  private drawn = false;

  constructor(private readonly stream: NodeJS.WriteStream) {}

  write(line: string): void {
    const width = this.stream.columns ?? 120;
    this.stream.write(`\r\x1b[2K${[...line].slice(0, width - 1).join('')}`);
    this.drawn = true;
  }

  /** A newline after the last redraw (nothing when nothing was drawn). */
  end(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
