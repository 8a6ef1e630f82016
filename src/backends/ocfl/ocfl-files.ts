/**
 * File work of the OCFL writer: a content file written from the generator with its SHA-512 taken on
 * the way (never held whole), a file replaced atomically (written beside, then renamed), an object
 * root removed with the intermediate directories it leaves empty, and the storage-root walk that
 * finds object roots by their NAMASTE file.
 */
import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { open, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { contentChunks, type DatastreamPlan } from '../../generate/index.js';
import { OBJECT_NAMASTE } from './ocfl-layout.js';

/** Writes a datastream's content to a new file; returns its SHA-512 (hex). */
export async function writeContent(path: string, ds: DatastreamPlan): Promise<string> {
  const h = createHash('sha512');
  const fh = await open(path, 'wx');
  try {
    for (const chunk of contentChunks(ds)) {
      h.update(chunk);
      let at = 0;
      while (at < chunk.length) at += (await fh.write(chunk, at)).bytesWritten;
    }
  } finally {
    await fh.close();
  }
  return h.digest('hex');
}

/** Replaces `path` with `text`: written beside it, then renamed over it. */
export async function replaceFile(path: string, text: string): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}

/** Whether a process of this machine is alive (a signal 0 reaches it, or it belongs to another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the staged versions (`<pid>-<n>` directories) of processes that are gone: what a killed
 * run left half-written and never committed. Returns how many; removes the staging directory when
 * it is then empty.
 */
export async function sweepStaging(staging: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(staging);
  } catch (e) {
    if (isMissing(e)) return 0;
    throw e;
  }
  const stale = names.filter((n) => !alive(Number(n.split('-')[0])));
  for (const n of stale) await rm(join(staging, n), { recursive: true, force: true });
  if (stale.length === names.length) await rmdir(staging).catch(() => undefined);
  return stale.length;
}

/** Whether an error is a filesystem "no such file". */
export const isMissing = (e: unknown): boolean => (e as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Removes an object root, then each parent directory up to (not including) the root it left empty. */
export async function removeTree(root: string, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (let d = dirname(dir); relative(root, d) !== '' && !relative(root, d).startsWith('..'); d = dirname(d)) {
    try {
      await rmdir(d);
    } catch {
      return; // not empty (another object lives beside it) or already gone
    }
  }
}

/**
 * Object roots under a storage root, depth first: a directory holding the object NAMASTE file is an
 * object root (not entered); any other directory is an intermediate one. The root's `extensions`
 * directory is not part of the hierarchy.
 */
export async function* walkObjectRoots(root: string, dir: string = root): AsyncGenerator<string> {
  let found: Dirent[];
  try {
    found = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if (isMissing(e)) return; // removed while walking
    throw e;
  }
  if (dir !== root && found.some((d) => d.name === OBJECT_NAMASTE)) {
    yield dir;
    return;
  }
  const subdirs = found.filter((d) => d.isDirectory() && !(dir === root && d.name === 'extensions'));
  for (const name of subdirs.map((d) => d.name).sort()) yield* walkObjectRoots(root, join(dir, name));
}
