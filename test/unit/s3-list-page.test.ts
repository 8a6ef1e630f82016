/**
 * ListObjectsV2 pages as `clean`, the list probe and `merge --from` read them (src/backends/s3/s3-list.ts): keys with XML
 * escapes, the continuation token of a truncated page, none on the last; and S3 locations.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseListPage } from '../../src/backends/s3/s3-list.js';
import { parseS3Location } from '../../src/shard/s3-shard-files.js';
import { throwsUsage } from '../helpers/throws-usage.js';

test('a truncated page gives its keys unescaped and the next token; the last page none', () => {
  const page = `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>b</Name><Prefix>runs/</Prefix>
<KeyCount>2</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>true</IsTruncated>
<Contents><Key>runs/a&amp;b/shard-0.db</Key><Size>1</Size></Contents>
<Contents><Key>runs/&lt;x&gt;/shard-1.db</Key><Size>1</Size></Contents>
<NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken></ListBucketResult>`;
  assert.deepEqual(parseListPage(page), {
    keys: ['runs/a&b/shard-0.db', 'runs/<x>/shard-1.db'],
    next: '1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=',
  });
  const last =
    '<ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>k.db</Key></Contents></ListBucketResult>';
  assert.deepEqual(parseListPage(last), { keys: ['k.db'], next: null });
  assert.deepEqual(parseListPage('<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>'), {
    keys: [],
    next: null,
  });
});

test('s3://BUCKET/PREFIX locations; anything else is a usage error naming --from', () => {
  assert.deepEqual(parseS3Location('s3://ingest-results/runs/fill01/'), {
    bucket: 'ingest-results',
    prefix: 'runs/fill01/',
  });
  assert.deepEqual(parseS3Location('s3://b'), { bucket: 'b', prefix: '' });
  for (const bad of ['b/p', 'http://b/p', 's3://', 's3:///p'])
    throwsUsage(() => parseS3Location(bad), 'E_BAD_FLAG', ['--from']);
});
