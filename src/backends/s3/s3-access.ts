/**
 * The S3 client for code outside the backends that reads a bucket itself (`merge --from
 * s3://BUCKET/PREFIX` fetches shard files): the client, its credentials and its listing, loaded on
 * first use. The client brings undici and SigV4 signing, and the backends' front door is on the
 * CLI's start path (the backends' names and options), so it hands out a loader, not the client.
 */
import type { loadCredentials } from './credentials.js';
import type { S3Client } from './s3-client.js';
import type { listAllKeys } from './s3-list.js';

export interface S3Access {
  S3Client: typeof S3Client;
  loadCredentials: typeof loadCredentials;
  listAllKeys: typeof listAllKeys;
}

export async function loadS3Access(): Promise<S3Access> {
  const [client, credentials, list] = await Promise.all([
    import('./s3-client.js'),
    import('./credentials.js'),
    import('./s3-list.js'),
  ]);
  return { S3Client: client.S3Client, loadCredentials: credentials.loadCredentials, listAllKeys: list.listAllKeys };
}
