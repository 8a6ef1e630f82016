/**
 * The names `--backend` accepts, in the order `run --help` lists them: a list with no imports, so
 * the CLI can show them without loading the backends and their libraries (HTTP, S3 signing,
 * LevelDB). The registry (registry.ts) has one entry per name; a unit test keeps the two equal.
 */
export const BACKEND_NAMES = ['leveldb', 'fedora3', 'ldp', 'http-put', 's3', 'memory', 'ocfl'] as const;

export type BackendName = (typeof BACKEND_NAMES)[number];
