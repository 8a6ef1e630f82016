/**
 * The importers' front door: CSV series and request logs into runs.
 */
export { storeLog, type LogImportOptions, type LogImportResult } from './log-import.js';
export { openLog } from './log-open.js';
export type { LogFacts } from './log-request.js';
export { parseMatch, parseMethods, parseStatusSpec } from './request-selection.js';
export { openCsvSeries, storeCsvSeries } from './stream-import.js';
