#!/usr/bin/env node
// Runs the compiled CLI. `npm ci` builds it (the `prepare` script); from a git checkout without a
// build, say how to make one instead of failing with a module error.
import { existsSync } from 'node:fs';

const main = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('ingest-scale: not built yet; run `npm ci` (or `npm run build`) in the package folder first\n');
  process.exit(2);
}
await import(main.href);
