/** The tool's own version, from package.json (two levels up from both src/ and dist/src/). */
import { readFileSync } from 'node:fs';

function findVersion(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'ingest-scale' && pkg.version) return pkg.version;
    } catch {
      // try the next candidate
    }
  }
  return '0.0.0-unknown';
}

export const TOOL_VERSION = findVersion();
