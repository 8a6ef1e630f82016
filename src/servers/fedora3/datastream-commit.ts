/**
 * Turning an accepted datastream write into records, under the object's lock, in one batch: the new
 * version (ID `{dsID}.{n}`, n never reused), the held-back last chunk of its content, the updated
 * object modification date, and — when the datastream is not versionable — the replaced versions'
 * blobs marked for clearing. A write that lost a race with a purge is rejected and its blob cleared.
 */
import type { BlobWrite } from './blob-store.js';
import { digestBlob } from './blob-store.js';
import { CHECKSUM_NONE, nodeAlgorithm } from './checksum.js';
import type { BatchOp } from './db.js';
import { objectNotFound } from './exchange.js';
import { notFound } from '../common/http-error.js';
import {
  currentVersion,
  type ControlGroup,
  type DatastreamRecord,
  type DatastreamVersion,
  type State,
} from './records.js';
import { Fedora3Store } from './store.js';

export interface NewContent {
  blob: BlobWrite;
  checksum: string;
}

export interface DatastreamWrite {
  pid: string;
  dsID: string;
  posted: boolean;
  group: ControlGroup;
  mime: string;
  /** undefined: keep the current state (or A for a new datastream). */
  state: State | undefined;
  checksumType: string;
  content: NewContent | undefined;
  label: string | undefined;
  formatURI: string | undefined;
  altIDs: string[] | undefined;
  versionable: boolean | undefined;
  /** E and R only. */
  location: string | undefined;
}

/** The checksum of kept content under a (possibly new) checksum type. */
async function keptChecksum(store: Fedora3Store, prev: DatastreamVersion, type: string): Promise<string> {
  if (type === prev.checksumType) return prev.checksum;
  const algo = nodeAlgorithm(type);
  if (algo === undefined || prev.blobId === null) return CHECKSUM_NONE;
  return digestBlob(store.db, prev.blobId, prev.size, algo);
}

export async function commitDatastream(store: Fedora3Store, w: DatastreamWrite): Promise<DatastreamRecord> {
  try {
    return await store.withLock(w.pid, async () => {
      const obj = await store.getObject(w.pid);
      if (obj === undefined) throw objectNotFound(w.pid);
      const cur = await store.getDatastream(w.pid, w.dsID);
      if (cur === undefined && !w.posted) throw notFound('', { body: '' });
      const prev = cur === undefined ? undefined : currentVersion(cur);
      const now = Math.max(Date.now(), (prev?.createdMs ?? 0) + 1, obj.lastModifiedMs + 1);
      const n = cur?.nextVersion ?? 0;
      const version: DatastreamVersion = {
        versionId: `${w.dsID}.${n}`,
        label: w.label ?? prev?.label ?? '',
        createdMs: now,
        mime: w.mime,
        formatURI: w.formatURI ?? prev?.formatURI ?? '',
        altIDs: w.altIDs ?? prev?.altIDs ?? [],
        size: w.content ? w.content.blob.size : (prev?.size ?? 0),
        checksumType: w.checksumType,
        checksum: w.content
          ? w.content.checksum
          : prev
            ? await keptChecksum(store, prev, w.checksumType)
            : CHECKSUM_NONE,
        blobId: w.content ? w.content.blob.blobId : (prev?.blobId ?? null),
        location: w.location ?? prev?.location ?? null,
      };
      const replace = cur !== undefined && !cur.versionable;
      const kept = cur === undefined || replace ? [] : cur.versions;
      const record: DatastreamRecord = {
        pid: w.pid,
        dsID: w.dsID,
        controlGroup: cur?.controlGroup ?? w.group,
        state: w.state ?? cur?.state ?? 'A',
        versionable: w.versionable ?? cur?.versionable ?? true,
        nextVersion: n + 1,
        versions: [...kept, version],
      };
      const orphans = replace
        ? cur.versions.map((v) => v.blobId).filter((id): id is string => id !== null && id !== version.blobId)
        : [];
      const ops: BatchOp[] = [
        ...(w.content?.blob.commitOps ?? []),
        Fedora3Store.putDatastream(record),
        Fedora3Store.putObject({ ...obj, lastModifiedMs: now }),
      ];
      await store.commit(ops, orphans);
      return record;
    });
  } catch (e) {
    if (w.content) store.discardLater(w.content.blob.blobId);
    throw e;
  }
}
