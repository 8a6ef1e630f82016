/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): the functions with the most self time and
 * the files with the most self time, as plain text. Used to find where a missed budget goes:
 *   node --cpu-prof --cpu-prof-dir /tmp/prof dist/bench/http/engine-client.js '{...}'
 *   node dist/bench/tools/cpuprofile-top.js /tmp/prof/*.cpuprofile [topN]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
const top = Number(process.argv[3] ?? 25);
if (!file) {
  process.stderr.write('usage: cpuprofile-top FILE.cpuprofile [topN]\n');
  process.exit(2);
}
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const fnTime = new Map<string, number>();
const fileTime = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id);
  if (!n) continue;
  const short = n.callFrame.url
    .replace(/^.*\/(node_modules\/)/, '$1')
    .replace(/^.*\/dist\//, 'dist/')
    .replace(/^node:/, 'node:');
  const key = `${n.callFrame.functionName || '(anonymous)'}  ${short}:${n.callFrame.lineNumber + 1}`;
  fnTime.set(key, (fnTime.get(key) ?? 0) + us);
  const f = short || n.callFrame.functionName;
  fileTime.set(f, (fileTime.get(f) ?? 0) + us);
}
const show = (title: string, m: Map<string, number>): void => {
  process.stdout.write(`${title} (total ${(total / 1000).toFixed(0)} ms)\n`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(
      `${((100 * us) / total).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(1).padStart(8)} ms  ${k}\n`,
    );
  }
};
show('self time by function', fnTime);
process.stdout.write('\n');
show('self time by file', fileTime);
