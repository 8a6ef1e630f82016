/**
 * The reports' front door: every renderer (text, tables, charts, JSON, JUnit, Markdown, HTML,
 * the live screen) and the input they render.
 */
export { chartSeriesOf } from './chart-series.js';
export { renderChart, type ChartSeries } from './chart.js';
export { checkJson, evaluationJson } from './check-json.js';
export { checkPooledJson, checkPooledText } from './check-pooled.js';
export { compareText } from './compare-text.js';
export { forecastJsonFields, forecastText } from './forecast-text.js';
export { formatCount, formatMBps, formatMs } from './format.js';
export { historyJson } from './history-json.js';
export { renderHistoryHtml, renderHistoryMarkdown } from './history-page.js';
export { historyText } from './history-text.js';
export { renderCompareHtml } from './html/compare-page.js';
export { renderHtml } from './html/page.js';
export { renderJsonReport } from './json-report.js';
export { renderJunit } from './junit.js';
export { liveAnalysis } from './live-answer.js';
export { liveBatchLine } from './live-line.js';
export { renderLiveScreen } from './live-screen.js';
export type { LiveAnalysis, LivePressure, LiveRun, LiveState } from './live-state.js';
export { renderMarkdown } from './markdown.js';
export { probeJson, probeText } from './probe-text.js';
export { errorBudgetText } from './report-facts.js';
export type { ReportGates, ReportInput } from './report-input.js';
export { progressBar, sparkline } from './sparkline.js';
export { renderTable } from './table.js';
export { baselineVerdictText, completionHead, runVerdictText } from './verdict-block.js';
export { projectionOf } from './chart-projection.js';
