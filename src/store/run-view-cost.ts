/**
 * The live view's own cost, kept with the run's settings (settings.liveView): what drawing the view
 * took of the process that ran the batches. Written once, when the run ends; `--json` shows it.
 */
import type { LiveViewSettings } from '../model/records.js';
import type { SqliteDb } from './sqlite.js';

export async function recordLiveViewCost(db: SqliteDb, runId: string, cost: LiveViewSettings): Promise<void> {
  const row = await db.get<{ settings: string | null }>('SELECT settings FROM runs WHERE id = ?', [runId]);
  // a run without settings (recorded before they were kept) stays without: a partial object would read as settings
  if (!row?.settings) return;
  const settings = JSON.parse(row.settings) as Record<string, unknown>;
  await db.run('UPDATE runs SET settings = ? WHERE id = ?', [JSON.stringify({ ...settings, liveView: cost }), runId]);
}
