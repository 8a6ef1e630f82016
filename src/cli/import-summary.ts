/** The lines `import` prints (stderr) about what became of a log's requests. */
import { formatCount } from '../model/format-count.js';
import type { LogFacts, LogImportResult } from '../import/index.js';

export function importSummary(file: string, facts: LogFacts, batchSize: number, r: LogImportResult): string {
  const c = r.counts;
  const n = (v: number): string => formatCount(v);
  const tool = `${facts.tool}${facts.variant === undefined ? '' : ` ${facts.variant}`}${facts.version === undefined ? '' : ` (version ${facts.version})`}`;
  const lines = [
    `imported ${file} (${tool}): ${n(c.requests)} requests`,
    `  ingests: ${n(c.ingests)} ok, ${n(c.failedIngests)} failed -> ${n(r.batches)} batches of ${n(batchSize)} (${n(r.batches * batchSize)} objects)`,
  ];
  if (c.probes > 0) lines.push(`  read probes (get): ${n(c.probes)}`);
  const left: string[] = [];
  if (c.leftOutByMethod > 0) left.push(`${n(c.leftOutByMethod)} by method`);
  if (c.leftOutByMatch > 0) left.push(`${n(c.leftOutByMatch)} by --match`);
  if (c.leftOutByStatus > 0) left.push(`${n(c.leftOutByStatus)} by --status`);
  if (c.afterLastBatch > 0) left.push(`${n(c.afterLastBatch)} after the last full batch`);
  if (left.length > 0) lines.push(`  left out: ${left.join(', ')}`);
  if (c.otherLines > 0) lines.push(`  other lines (metrics, declarations, comments): ${n(c.otherLines)}`);
  if (c.outOfOrder > 0)
    lines.push(`  ${n(c.outOfOrder)} requests ended before one already batched (logged out of order)`);
  lines.push(`check it: ingest-scale check ${r.run.id}`);
  return lines.join('\n');
}
