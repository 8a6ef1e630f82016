/**
 * An independent check of an OCFL 1.1 storage root, written from the specification alone (it
 * shares no code with the writer under src/backends/ocfl/): the root's NAMASTE file and declared
 * layout, the extension's config, and for every object root found in the hierarchy its NAMASTE
 * file, its inventory's fields, the sidecar's SHA-512 of the inventory, every version's copy of its
 * inventory, every manifest file present with its digest (and no content file the manifest does
 * not list), every state digest in the manifest, and the object's path as the layout maps its id.
 * Returns the problems found (none for a valid root) and what it saw.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface OcflCheck {
  problems: string[];
  /** Object id → the number of versions its inventory lists. */
  objects: Map<string, number>;
}

const VERSION = /^v[1-9][0-9]*$/;
const hex = (algo: string, data: Buffer | string): string => createHash(algo).update(data).digest('hex');

/** The object root path the root's layout gives an id (only the two layouts the tool writes). */
function expectedPath(layout: string, config: Record<string, unknown>, id: string): string | null {
  if (layout === '0002-flat-direct-storage-layout') return id;
  if (layout !== '0004-hashed-n-tuple-storage-layout') return null;
  const algo = typeof config.digestAlgorithm === 'string' ? config.digestAlgorithm : 'sha256';
  const size = typeof config.tupleSize === 'number' ? config.tupleSize : 3;
  const n = typeof config.numberOfTuples === 'number' ? config.numberOfTuples : 3;
  const h = hex(algo, id);
  const parts = Array.from({ length: n }, (_, i) => h.slice(i * size, (i + 1) * size));
  return [...parts, config.shortObjectRoot === true ? h.slice(n * size) : h].join('/');
}

/** Every file under dir, as paths relative to it with `/`. */
function filesUnder(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) out.push(...filesUnder(p, base));
    else out.push(relative(base, p).split(sep).join('/'));
  }
  return out;
}

function checkInventory(inv: Record<string, unknown>, where: string, problems: string[]): void {
  for (const field of ['id', 'type', 'digestAlgorithm', 'head', 'manifest', 'versions'])
    if (!(field in inv)) problems.push(`${where}: inventory lacks ${field}`);
  if (inv.type !== 'https://ocfl.io/1.1/spec/#inventory') problems.push(`${where}: type ${String(inv.type)}`);
  if (inv.digestAlgorithm !== 'sha512') problems.push(`${where}: digestAlgorithm ${String(inv.digestAlgorithm)}`);
  if ('contentDirectory' in inv && inv.contentDirectory !== 'content')
    problems.push(`${where}: contentDirectory ${String(inv.contentDirectory)}`);
  const versions = (inv.versions ?? {}) as Record<string, Record<string, unknown>>;
  const names = Object.keys(versions);
  names.forEach((v, i) => {
    if (!VERSION.test(v)) problems.push(`${where}: version name ${v}`);
    if (!names.includes(`v${i + 1}`)) problems.push(`${where}: versions are not v1..v${names.length}`);
  });
  if (inv.head !== `v${names.length}`) problems.push(`${where}: head ${String(inv.head)} of ${names.length} versions`);
  const manifest = (inv.manifest ?? {}) as Record<string, string[]>;
  for (const [v, ver] of Object.entries(versions)) {
    if (typeof ver.created !== 'string' || Number.isNaN(Date.parse(ver.created)))
      problems.push(`${where}: ${v} created ${String(ver.created)}`);
    if ('message' in ver && typeof ver.message !== 'string') problems.push(`${where}: ${v} message`);
    if ('user' in ver && typeof (ver.user as { name?: unknown } | null)?.name !== 'string')
      problems.push(`${where}: ${v} user without a name`);
    if (typeof ver.state !== 'object' || ver.state === null) problems.push(`${where}: ${v} has no state`);
    for (const d of Object.keys((ver.state ?? {}) as object))
      if (!(d in manifest)) problems.push(`${where}: ${v} state digest ${d.slice(0, 12)}… not in the manifest`);
  }
}

function checkSidecar(dir: string, where: string, problems: string[]): Record<string, unknown> | null {
  let text: Buffer;
  try {
    text = readFileSync(join(dir, 'inventory.json'));
  } catch {
    problems.push(`${where}: no inventory.json`);
    return null;
  }
  let sidecar = '';
  try {
    sidecar = readFileSync(join(dir, 'inventory.json.sha512'), 'utf8');
  } catch {
    problems.push(`${where}: no inventory.json.sha512`);
  }
  const [digest, name] = sidecar.trim().split(/[ \t]+/);
  if (digest !== hex('sha512', text) || name !== 'inventory.json')
    problems.push(`${where}: the sidecar does not hold the inventory's SHA-512`);
  return JSON.parse(text.toString('utf8')) as Record<string, unknown>;
}

function checkObject(
  root: string,
  objectRoot: string,
  layout: string,
  config: Record<string, unknown>,
  out: OcflCheck,
): void {
  const where = relative(root, objectRoot).split(sep).join('/');
  const problems = out.problems;
  if (readFileSync(join(objectRoot, '0=ocfl_object_1.1'), 'utf8') !== 'ocfl_object_1.1\n')
    problems.push(`${where}: object NAMASTE content`);
  const inv = checkSidecar(objectRoot, where, problems);
  if (inv === null) return;
  checkInventory(inv, where, problems);
  const id = String(inv.id);
  out.objects.set(id, Object.keys((inv.versions ?? {}) as object).length);
  if (expectedPath(layout, config, id) !== where)
    problems.push(`${where}: id ${id} belongs at ${expectedPath(layout, config, id)}`);
  const manifest = (inv.manifest ?? {}) as Record<string, string[]>;
  const listed = new Set<string>();
  for (const [digest, paths] of Object.entries(manifest))
    for (const p of paths) {
      listed.add(p);
      let data: Buffer;
      try {
        data = readFileSync(join(objectRoot, p));
      } catch {
        problems.push(`${where}: manifest file ${p} is missing`);
        continue;
      }
      if (hex('sha512', data) !== digest) problems.push(`${where}: ${p} does not match its digest`);
    }
  const head = String(inv.head);
  for (const file of filesUnder(objectRoot)) {
    if (['0=ocfl_object_1.1', 'inventory.json', 'inventory.json.sha512'].includes(file)) continue;
    const [v, ...rest] = file.split('/');
    if (v === undefined || !VERSION.test(v) || !(v in ((inv.versions ?? {}) as object))) {
      problems.push(`${where}: unexpected file ${file}`);
    } else if (rest[0] === 'content') {
      if (!listed.has(file)) problems.push(`${where}: content file ${file} not in the manifest`);
    } else if (rest.join('/') !== 'inventory.json' && rest.join('/') !== 'inventory.json.sha512') {
      problems.push(`${where}: unexpected file ${file}`);
    }
  }
  const headCopy = checkSidecar(join(objectRoot, head), `${where}/${head}`, problems);
  if (headCopy !== null && JSON.stringify(headCopy) !== JSON.stringify(inv))
    problems.push(`${where}: ${head}/inventory.json differs from the object's inventory`);
}

/** Walks the hierarchy: a directory with the object NAMASTE file is an object root. */
function objectRoots(root: string, dir: string, out: string[], problems: string[]): void {
  const names = readdirSync(dir, { withFileTypes: true });
  if (dir !== root && names.some((d) => d.name === '0=ocfl_object_1.1')) {
    out.push(dir);
    return;
  }
  for (const d of names) {
    if (dir === root && (d.name === 'extensions' || !d.isDirectory())) continue;
    if (!d.isDirectory()) problems.push(`file ${relative(root, join(dir, d.name))} in an intermediate directory`);
    else objectRoots(root, join(dir, d.name), out, problems);
  }
}

export function checkOcflRoot(root: string): OcflCheck {
  const out: OcflCheck = { problems: [], objects: new Map() };
  if (readFileSync(join(root, '0=ocfl_1.1'), 'utf8') !== 'ocfl_1.1\n') out.problems.push('root NAMASTE content');
  const layout =
    (JSON.parse(readFileSync(join(root, 'ocfl_layout.json'), 'utf8')) as { extension?: string }).extension ?? '';
  const configPath = join(root, 'extensions', layout, 'config.json');
  const config = statSync(configPath, { throwIfNoEntry: false })
    ? (JSON.parse(readFileSync(configPath, 'utf8')) as Record<string, unknown>)
    : {};
  if (config.extensionName !== undefined && config.extensionName !== layout)
    out.problems.push('config names another extension');
  const roots: string[] = [];
  objectRoots(root, root, roots, out.problems);
  for (const r of roots) checkObject(root, r, layout, config, out);
  return out;
}
