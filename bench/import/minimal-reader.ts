/**
 * The import benchmark's reference: the least a reader of the same file must do, in its own process.
 *   node dist/bench/import/minimal-reader.js FILE json|csv RESULT_FILE
 * json: node's readline and JSON.parse on each line (a k6 --out json file); csv: readline and a split
 * on commas (a JMeter CSV). Writes the number of lines it read to RESULT_FILE, so nothing is elided.
 */
import { createReadStream, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [file, kind, out] = process.argv.slice(2) as [string, string, string];
let lines = 0;
let fields = 0;
const rl = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
for await (const line of rl) {
  lines++;
  if (kind === 'json') {
    const v = JSON.parse(line) as { type?: string };
    if (v.type === 'Point') fields++;
  } else fields += line.split(',').length;
}
writeFileSync(out, JSON.stringify({ lines, fields }));
