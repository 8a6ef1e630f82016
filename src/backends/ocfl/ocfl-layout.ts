/**
 * The storage root of an OCFL 1.1 store on the local filesystem and the storage-layout extension
 * that maps an object id to its object root. `--layout flat` is 0002-flat-direct-storage-layout
 * (the id is the directory name); `pairtree` and `fanout` are 0004-hashed-n-tuple-storage-layout
 * with its default parameters (sha256, tupleSize 3, numberOfTuples 3, shortObjectRoot false):
 * `3c0/ff4/240/<the id's whole SHA-256>`. The root's NAMASTE file, `ocfl_layout.json` and the
 * extension's `config.json` are written when the root is made; an existing root is opened only when
 * it declares the same layout.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';
import type { Workload } from '../../workload/index.js';

export const ROOT_NAMASTE = '0=ocfl_1.1';
export const OBJECT_NAMASTE = '0=ocfl_object_1.1';
export const LAYOUT_FILE = 'ocfl_layout.json';

export type OcflLayoutName = '0002-flat-direct-storage-layout' | '0004-hashed-n-tuple-storage-layout';

export interface OcflLayout {
  extension: OcflLayoutName;
  description: string;
  /** The extension's config.json. */
  config: Record<string, unknown>;
  /** Path segments of an object root under the storage root. */
  segments(id: string): string[];
}

const FLAT: OcflLayout = {
  extension: '0002-flat-direct-storage-layout',
  description: 'The OCFL object identifier is used, unchanged, as the name of the object root directory.',
  config: { extensionName: '0002-flat-direct-storage-layout' },
  segments: (id) => [id],
};

const TUPLE_SIZE = 3;
const TUPLES = 3;
const HASHED: OcflLayout = {
  extension: '0004-hashed-n-tuple-storage-layout',
  description:
    'OCFL object identifiers are hashed (SHA-256) and encoded as lowercase hex; the digest is divided into 3 tuples of 3 characters, which make nested paths under the storage root, and the whole digest names the object root.',
  config: {
    extensionName: '0004-hashed-n-tuple-storage-layout',
    digestAlgorithm: 'sha256',
    tupleSize: TUPLE_SIZE,
    numberOfTuples: TUPLES,
    shortObjectRoot: false,
  },
  segments(id) {
    const h = createHash('sha256').update(id, 'utf8').digest('hex');
    const out: string[] = [];
    for (let i = 0; i < TUPLES; i++) out.push(h.slice(i * TUPLE_SIZE, (i + 1) * TUPLE_SIZE));
    out.push(h);
    return out;
  },
};

/** The storage layout a workload's --layout maps to. */
export function layoutFor(layout: Workload['layout']): OcflLayout {
  return layout === 'flat' ? FLAT : HASHED;
}

/** Whether a directory is missing or empty (a new storage root may be made there). */
async function entries(dir: string): Promise<string[] | null> {
  try {
    return await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** The layout an existing storage root declares, or null when it has no ocfl_layout.json. */
async function declaredLayout(root: string): Promise<string | null> {
  try {
    const doc = JSON.parse(await readFile(join(root, LAYOUT_FILE), 'utf8')) as { extension?: unknown };
    return typeof doc.extension === 'string' ? doc.extension : null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/**
 * Makes the storage root (missing or empty directory) or opens an existing one with the same
 * layout; refuses a non-empty directory that is not an OCFL storage root, and a root of another
 * layout (usage errors naming --data). `create: false` (clean, resume) only opens.
 */
export async function openStorageRoot(root: string, layout: OcflLayout, create: boolean): Promise<'made' | 'opened'> {
  const found = await entries(root);
  if (found === null || found.length === 0) {
    if (!create)
      throw new UsageError('E_BAD_FLAG', `--data ${root} holds no OCFL storage root`, 'name the root the run wrote');
    await mkdir(join(root, 'extensions', layout.extension), { recursive: true });
    await writeFile(join(root, ROOT_NAMASTE), 'ocfl_1.1\n');
    const doc = { extension: layout.extension, description: layout.description };
    await writeFile(join(root, LAYOUT_FILE), `${JSON.stringify(doc, null, 2)}\n`);
    await writeFile(
      join(root, 'extensions', layout.extension, 'config.json'),
      `${JSON.stringify(layout.config, null, 2)}\n`,
    );
    return 'made';
  }
  if (!found.includes(ROOT_NAMASTE)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--data ${root} is not empty and is not an OCFL storage root (no ${ROOT_NAMASTE})`,
      'give --data a new or empty directory, or an OCFL 1.1 storage root',
    );
  }
  const declared = await declaredLayout(root);
  if (declared !== layout.extension) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--data ${root} is an OCFL storage root with layout ${declared ?? '(none declared)'}, not ${layout.extension}`,
      `use the --layout that root was made with (${declared === FLAT.extension ? 'flat' : 'pairtree or fanout'}), or a new directory`,
    );
  }
  return 'opened';
}
