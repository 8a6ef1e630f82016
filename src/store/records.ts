/**
 * The records moved to src/model/records.ts (and HostFacts to src/model/host-facts.ts); this
 * re-export serves code written against the old place and goes once nothing imports it.
 */
export type * from '../model/records.js';
export type { HostFacts } from '../model/host-facts.js';
