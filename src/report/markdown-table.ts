/** A GitHub-flavoured Markdown table (cells escaped here), for the Markdown report and its sections. */
import { escapeMarkdown } from './escape.js';

export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly ('l' | 'r')[] = [],
): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(escapeMarkdown).join(' | ')} |`;
  const rule = `|${header.map((_, i) => ((align[i] ?? 'l') === 'r' ? '---:' : '---')).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
