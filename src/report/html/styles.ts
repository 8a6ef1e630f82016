/**
 * The HTML report's only stylesheet, inlined in <style>: system fonts (no web fonts), readable on
 * screen and on paper. The verdict banner never relies on colour alone: the verdict word and a
 * symbol are text, and each verdict has its own border style, which print keeps (with colours
 * forced where the printer allows, and black text). The verdict's text wraps (pre-wrap) rather than
 * scroll sideways: its long lines are sentences, read best whole.
 */
export const REPORT_CSS = `
:root { color-scheme: light; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--fg); background: #fff; margin: 0 auto; padding: 24px; max-width: 1100px; }
h1 { font-size: 1.6em; margin: 0 0 4px; }
h2 { font-size: 1.25em; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
p.meta { color: var(--muted); margin: 0 0 16px; }
pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  background: #f6f8fa; border: 1px solid var(--line); padding: 10px 12px; overflow-x: auto; white-space: pre; }
.verdict { border: 3px solid; border-radius: 6px; padding: 12px 16px; margin: 12px 0; }
.verdict .word { font-size: 1.4em; font-weight: 800; letter-spacing: 0.04em; margin-right: 10px; }
.verdict pre { background: rgba(255,255,255,0.7); margin: 10px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; overflow-x: visible; }
.verdict-PASS { background: #dafbe1; border-color: #1a7f37; border-style: solid; }
.verdict-WARN { background: #fff8c5; border-color: #9a6700; border-style: dashed; }
.verdict-FAIL { background: #ffebe9; border-color: #cf222e; border-style: double; border-width: 6px; }
.verdict-INCONCLUSIVE { background: #eaeef2; border-color: #57606a; border-style: dotted; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 14px; }
th, td { border: 1px solid var(--line); padding: 4px 8px; vertical-align: top; }
th { background: #f6f8fa; text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.warmup td { color: var(--muted); font-style: italic; }
figure { margin: 16px 0 24px; break-inside: avoid; page-break-inside: avoid; }
figcaption { color: var(--muted); font-size: 13px; max-width: 760px; }
svg.chart { max-width: 100%; height: auto; display: block; background: #fff; }
svg.chart .grid { stroke: #eaeef2; stroke-width: 1; }
svg.chart .axis { stroke: #57606a; stroke-width: 1; }
svg.chart .tick { font-size: 11px; fill: #57606a; }
svg.chart .axis-label { font-size: 12px; fill: #1b1f24; }
ul.legend { list-style: none; padding: 0; margin: 4px 0; display: flex; flex-wrap: wrap; gap: 4px 18px; font-size: 13px; }
ul.legend li { display: flex; align-items: center; gap: 6px; }
.no-data { color: var(--muted); font-style: italic; }
ul.differences li { margin: 2px 0; }
@media print {
  body { padding: 0; max-width: none; font-size: 11pt; }
  .verdict { -webkit-print-color-adjust: exact; print-color-adjust: exact; color: #000; }
  .verdict .word { text-decoration: underline; }
  pre { white-space: pre-wrap; border-color: #999; }
  h2 { break-after: avoid; page-break-after: avoid; }
  table, figure { break-inside: avoid; page-break-inside: avoid; }
  svg.chart, ul.legend { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;
