// dependency-cruiser for ingest-scale: `npm run lint:rooms` (part of `npm run lint`).
//
// The folders of src/ are rooms (docs/architecture.md draws them). This file is an ALLOW-LIST: each
// room names the rooms it may import, and any import that no rule below allows is an error
// ("not-in-allowed"), whether it goes the wrong way, into a room it was never given, or to a
// package the room may not use. Three forbidden rules sit beside it:
//  - front-door: an import from another room goes through the room's index.ts, which names what
//    the room offers; the files behind it are the room's own business. Two rooms are leaf
//    libraries without a front door (LIBRARIES below).
//  - no-own-front-door: a room's files import each other directly, never their own index.ts (a
//    file reached through its own front door would load the whole room, and ring back to itself).
//  - no-room-cycle: no import cycle leaves a room (the allow-list is drawn top-down, so a cycle
//    between rooms is already refused; this names one if the list is ever widened by mistake).
//
// Tests (test/) and benchmarks (bench/) may import any file of any room: a unit test tests the
// inside of a room, and a benchmark times it. They may not parse arguments (commander).
//
// test/unit/rooms-lint.test.ts proves each rule bites; `npm run house` draws docs/house.svg.

/**
 * The rooms, top to bottom, and what each may import besides its own files. `may` lists rooms
 * (folders of src/) and the shared files at the top of src/; `typesOnly` lists rooms whose types
 * alone (`import type`) it may name. A room imports only rooms further down this list, so the
 * rooms cannot import each other in a circle.
 */
const LEAVES = ['errors.ts', 'exit-codes.ts', 'version.ts', 'duration.ts'];
const ROOMS = {
  // parses argv, prints, exits: imports every room below
  cli: {
    may: [
      'compare',
      'shard',
      'import',
      'report',
      'servers',
      'engine',
      'verdict',
      'backends',
      'http1',
      'store',
      'generate',
      'workload',
      'cost-model',
      'analysis',
      'model',
      ...LEAVES,
    ],
  },
  // several targets filled side by side, and the answer computed from the store
  compare: { may: ['engine', 'backends', 'store', 'verdict', 'workload', 'analysis', 'model', ...LEAVES] },
  // one shard of a run, and the merge of shard files
  shard: {
    may: ['engine', 'backends', 'store', 'verdict', 'generate', 'workload', 'analysis', 'model', ...LEAVES],
  },
  // existing series (CSV, request logs) into runs
  import: { may: ['store', 'analysis', 'model', ...LEAVES] },
  // renders strings from what it is given: the types of the verdict's evaluation and compare's answer
  report: { may: ['workload', 'analysis', 'model', ...LEAVES], typesOnly: ['verdict', 'compare'] },
  // batches, concurrency, timing, retries, probes, a run's session
  engine: {
    may: ['verdict', 'backends', 'store', 'generate', 'workload', 'analysis', 'model', ...LEAVES],
  },
  // a stored run's evaluation and its exit code
  verdict: { may: ['store', 'workload', 'analysis', 'model', ...LEAVES] },
  // the Backend contract, the registry, one folder per backend
  backends: { may: ['http1', 'cost-model', 'generate', 'workload', 'model', ...LEAVES] },
  // the results store: all SQL
  store: { may: ['model', ...LEAVES] },
  // object plans and content
  generate: { may: ['workload', 'model', ...LEAVES] },
  // workload type, sizes, workload files, the workload comparison
  workload: { may: ['model', ...LEAVES] },
  // the reference servers: an independent implementation of each protocol, so they share no code
  // with the clients (backends/, http1/); the cost models are the one model they share
  servers: { may: ['cost-model', 'errors.ts', 'duration.ts'], packages: true },
  // the keep-alive HTTP/1.1 write client: node: modules and the model (OpError) only
  http1: { may: ['model'], packages: 'core' },
  // the ground-truth cost models, shared by the reference PUT store and the memory backend
  'cost-model': { may: ['errors.ts', 'duration.ts'], packages: false },
  // pure statistics: no other room, no node: module, no package
  analysis: { may: [], packages: false },
  // records, timings, the clock seam, run ids, host facts: the words every room shares
  model: { may: [], packages: false },
  // the shared files at the top of src/
  'errors.ts': { may: ['exit-codes.ts'] },
  'duration.ts': { may: ['errors.ts'] },
  'version.ts': { may: [] },
  'exit-codes.ts': { may: [], packages: false },
};

/**
 * Leaf libraries: many small modules, each imported on its own by name (a statistic, a record
 * type). They import no other room, and keep nothing behind a door: an index.ts would repeat the
 * folder's listing. Every other room is entered through its index.ts.
 */
const LIBRARIES = ['analysis', 'model'];

/** Only these packages are one room's own (the others may not import them). */
const OWN_PACKAGES = { commander: 'cli', sqlite3: 'store' };

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pkg = (name) => `(^|/)node_modules/${esc(name)}/`;
/** The path of a room (a folder: all its files) or of a shared file, as a regular expression. */
const whole = (room) => (room.endsWith('.ts') ? `^src/${esc(room)}$` : `^src/${esc(room)}/`);
const PACKAGE_KINDS = ['npm'];
const roomRules = Object.entries(ROOMS).flatMap(([room, { may, typesOnly = [], packages = true }]) => {
  const from = { path: whole(room) };
  const rules = [];
  if (!room.endsWith('.ts')) rules.push({ from, to: { path: whole(room) } });
  if (may.length > 0) rules.push({ from, to: { path: may.map(whole) } });
  if (typesOnly.length > 0) rules.push({ from, to: { path: typesOnly.map(whole), dependencyTypes: ['type-only'] } });
  if (packages !== false) rules.push({ from, to: { dependencyTypes: ['core'] } });
  if (packages === true) {
    const own = Object.keys(OWN_PACKAGES).filter((p) => OWN_PACKAGES[p] === room);
    const foreign = Object.keys(OWN_PACKAGES).filter((p) => OWN_PACKAGES[p] !== room);
    rules.push({ from, to: { dependencyTypes: PACKAGE_KINDS, pathNot: foreign.map(pkg) } });
    if (own.length > 0) rules.push({ from, to: { path: own.map(pkg) } });
  }
  return rules;
});

const TESTS_AND_BENCH = '^(test|bench)/';
const testRules = [
  // any file of src/, test/ or bench/ (a unit test reaches inside a room), node: modules, and every
  // package but commander (only src/cli/ parses arguments)
  { from: { path: TESTS_AND_BENCH }, to: { path: '^(src|test|bench)/' } },
  { from: { path: TESTS_AND_BENCH }, to: { dependencyTypes: ['core'] } },
  {
    from: { path: TESTS_AND_BENCH },
    to: { dependencyTypes: ['npm', 'npm-dev'], pathNot: pkg('commander') },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  allowed: [...roomRules, ...testRules],
  allowedSeverity: 'error',
  forbidden: [
    {
      name: 'front-door',
      severity: 'error',
      comment:
        'another room is entered through its index.ts (`../engine/index.js`), which names what the room offers; export what you need there. Only the leaf libraries analysis/ and model/ are imported file by file (.dependency-cruiser.cjs).',
      from: { path: '^src/([^/]+)/' },
      to: {
        // src/cli/ has no door: no room enters it at all (the allow-list)
        path: `^src/(?!(${[...LIBRARIES, 'cli'].join('|')})/)[^/]+/`,
        pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-own-front-door',
      severity: 'error',
      comment: "a room's files import each other directly, not through the room's own index.ts.",
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/$1/index\\.ts$' },
    },
    {
      name: 'no-room-cycle',
      severity: 'error',
      comment: 'an import cycle that leaves a room: the rooms import one way only (docs/architecture.md).',
      from: { path: '^src/([^/]+)/' },
      to: { circular: true, via: { pathNot: '^src/$1/' } },
    },
  ],
  options: {
    // `import type` counts: a room that may not import another may not name its types either
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: '(^|/)node_modules/' },
    // the peer servers installed for the integration tests are not the tool's code
    exclude: { path: '^test/peers/' },
    reporterOptions: {
      dot: {
        // the house: one box per room, arrows downwards
        collapsePattern: '^src/[^/]+',
        theme: { graph: { rankdir: 'TB', splines: 'ortho' } },
      },
    },
  },
};
