/** Opening the reference server's LevelDB store (classic-level): string keys, Buffer values. */
import { mkdir } from 'node:fs/promises';
import { ClassicLevel } from 'classic-level';
import { RunFailedError } from '../../errors.js';

export type Db = ClassicLevel<string, Buffer>;

export type BatchOp = { type: 'put'; key: string; value: Buffer } | { type: 'del'; key: string };

export async function openDb(dataDir: string): Promise<Db> {
  try {
    await mkdir(dataDir, { recursive: true });
    const db = new ClassicLevel<string, Buffer>(dataDir, { keyEncoding: 'utf8', valueEncoding: 'buffer' });
    await db.open();
    return db;
  } catch (e) {
    throw new RunFailedError(
      'E_DB',
      `cannot open the Fedora 3 reference server's LevelDB store at ${dataDir}: ${(e as Error).message}`,
      {
        hint: 'Is another server using the same --data-dir? Pick another directory or stop the other server.',
        cause: e,
      },
    );
  }
}
