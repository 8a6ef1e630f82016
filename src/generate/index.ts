/**
 * Object plans and content's front door: the plan of a batch and an object, the deterministic
 * content streams and the seeded random numbers.
 */
export { CHUNK_SIZE, contentBuffer, contentChunks, contentInto, contentSha256 } from './content.js';
export { mulberry32 } from './mulberry32.js';
export { keystreamImpl } from './native-keystream.js';
export { layoutPath, planBatch, planObject, type DatastreamPlan, type ObjectPlan } from './plan.js';
