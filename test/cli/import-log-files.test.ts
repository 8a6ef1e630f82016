/**
 * import of the real tools' files in fixtures/logs/ (JMeter 2.13 CSV, gzip and XML; k6's published
 * lines; warp's writer format, zstd), and bad input: a cut-off last line, an unknown column set,
 * another format's file and a corrupt compressed file each give one line naming the file and the
 * line, exit 2, and no run left behind.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { fixture, runCli, tempDir } from '../helpers/cli.js';
import { jmeterCsvLines, k6Lines, simulate, type ImportedLog } from '../helpers/request-logs.js';

let tmp: ReturnType<typeof tempDir>;
let db: string;
before(() => {
  tmp = tempDir();
  db = join(tmp.dir, 'results.db');
});
after(() => tmp.cleanup());

async function importOk(args: string[]): Promise<ImportedLog> {
  const r = await runCli(['import', ...args, '--db', db, '--json']);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as ImportedLog;
}

const count = (text: string, re: RegExp): number => text.split('\n').filter((l) => re.test(l)).length;

test('JMeter 2.13 CSV, and the same file gzipped: PUT object samples are the ingests, GETs left out', async () => {
  const text = readFileSync(fixture('logs/jmeter-2.13-fill.csv'), 'utf8');
  const okPuts = count(text, /,PUT object,\d+,[^,]*,[^,]*,text,true,/);
  const failedPuts = count(text, /,PUT object,\d+,[^,]*,[^,]*,text,false,/);
  assert.ok(failedPuts > 0 && okPuts > 20);
  for (const file of ['logs/jmeter-2.13-fill.csv', 'logs/jmeter-2.13-fill.csv.gz']) {
    const i = await importOk([fixture(file), '--match', '^PUT object$', '--batch-size', '5', '--tag', 'source=jmeter']);
    assert.deepEqual(i.tool, { tool: 'jmeter', variant: 'csv', hasMethod: false });
    assert.equal(i.counts.ingests, okPuts);
    assert.equal(i.counts.failedIngests, failedPuts);
    assert.equal(i.counts.leftOutByMatch, count(text, /,GET object,/));
    assert.equal(i.batches, Math.floor(okPuts / 5));
  }
  assert.deepEqual(gunzipSync(readFileSync(fixture('logs/jmeter-2.13-fill.csv.gz'))).toString('utf8'), text);
});

test('JMeter 2.13 XML: the method of each sample, and the format version', async () => {
  const text = readFileSync(fixture('logs/jmeter-2.13-fill.xml'), 'utf8');
  const puts = count(text, /<method class="java.lang.String">PUT<\/method>/);
  const i = await importOk([fixture('logs/jmeter-2.13-fill.xml'), '--method', 'PUT', '--batch-size', '2']);
  assert.equal(i.tool.version, '1.2');
  assert.equal(i.counts.ingests + i.counts.failedIngests, puts);
  assert.equal(i.counts.leftOutByMethod, count(text, /<method class="java.lang.String">GET<\/method>/));
});

test("k6's published lines: one POST is the ingest, the GETs are probes or left out", async () => {
  const plain = await importOk([fixture('logs/k6-published.json'), '--batch-size', '1']);
  assert.deepEqual([plain.batches, plain.counts.ingests, plain.counts.leftOutByMethod], [1, 1, 1]);
  const probes = await importOk([fixture('logs/k6-published.json'), '--batch-size', '1', '--reads-as-probes']);
  assert.equal(probes.counts.probes, 1);
  assert.equal(probes.counts.otherLines, 8);
});

test("warp's writer format, zstd-compressed: PUTs are ingests, the comment line is not a request", async () => {
  const i = await importOk([fixture('logs/warp-writer-format.csv.zst'), '--batch-size', '10']);
  assert.equal(i.tool.tool, 'warp');
  assert.equal(i.counts.ingests, 40);
  assert.equal(i.batches, 4);
  assert.equal(i.counts.otherLines, 1);
});

async function bad(name: string, content: Buffer | string, args: string[], line: RegExp): Promise<void> {
  const file = join(tmp.dir, name);
  writeFileSync(file, content);
  const badDb = join(tmp.dir, `${name}.db`);
  const r = await runCli(['import', file, ...args, '--batch-size', '1', '--db', badDb]);
  assert.equal(r.code, 2, r.stderr);
  const first = r.stderr.split('\n')[0] as string;
  assert.ok(first.includes(file), first);
  assert.match(first, line);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  const runs = await runCli(['runs', '--db', badDb, '--json']);
  assert.deepEqual(JSON.parse(runs.stdout || '[]'), [], 'no run left behind');
}

test('bad input: one line naming file and line, exit 2, no run left behind', async () => {
  const reqs = simulate({ ingests: 200, growth: 1, readEvery: 5 });
  const k6 = `${[...k6Lines(reqs)].join('\n')}\n`;
  await bad('cut.json', k6.slice(0, k6.length - 40), [], /line \d+: not a whole JSON line/);
  const jm = `${[...jmeterCsvLines(reqs)].join('\n')}\n`;
  await bad(
    'cut.jtl',
    jm.slice(0, jm.length - 60),
    ['--format', 'jmeter'],
    /line \d+: \d+ fields, fewer than the header/,
  );
  await bad(
    'columns.csv',
    'time,duration,name\n1,2,x\n',
    ['--format', 'jmeter'],
    /line 1: --format jmeter needs .* unknown column set/,
  );
  await bad('other.jtl', k6, ['--format', 'jmeter'], /line 1: .* this is k6's --out json lines/);
  await bad('unknown.txt', 'hello\n', [], /line 1: cannot tell which tool wrote it/);
  const zst = readFileSync(fixture('logs/warp-writer-format.csv.zst'));
  await bad(
    'corrupt.csv.zst',
    Buffer.concat([zst.subarray(0, 700), Buffer.from('garbage')]),
    [],
    /line \d+: the zstd data is corrupt or cut off/,
  );
  const gz = Buffer.from(readFileSync(fixture('logs/jmeter-2.13-fill.csv.gz')));
  gz.fill(0xff, 200, 210);
  await bad('corrupt.jtl.gz', gz, [], /line \d+: the gzip data is corrupt or cut off/);
  const xml = readFileSync(fixture('logs/jmeter-2.13-fill.xml'), 'utf8');
  await bad('cut.xml', xml.slice(0, 3000), [], /line \d+: not well-formed XML/);
});
