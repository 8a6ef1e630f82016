/**
 * The cost models' front door: the cost of a write as the store fills, shared by the reference
 * PUT store (`serve --protocol http-put --cost`) and the memory backend (`--cost`).
 */
export {
  describeCost,
  parseCostModel,
  parseDurationMs,
  putCostMs,
  stallAfterMs,
  type CostSettings,
} from './cost-model.js';
