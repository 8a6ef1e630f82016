/**
 * The frame of every HTML page the tool writes: one self-contained file with inline CSS, no
 * scripts, and a Content-Security-Policy of default-src 'none' (inline styles and data: images
 * only), so the browser refuses any network request the page might make; and a chart as a
 * <figure> with its legend and caption.
 */
import { escapeHtml } from '../escape.js';
import { REPORT_CSS } from './styles.js';
import { legend, svgChart, type ChartSpec } from './svg-chart.js';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The page: its <head> (title escaped here) and the given <body> lines. */
export function htmlDocument(title: string, body: readonly string[]): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A chart with its HTML legend and its caption (escaped here). */
export function figure(spec: ChartSpec, caption: string): string {
  return `<figure id="${spec.id}-figure">\n${svgChart(spec)}\n${legend(spec)}\n<figcaption>${escapeHtml(caption)}</figcaption>\n</figure>`;
}
