/**
 * A small inline-SVG scatter/line chart: linear axes from 0 with "nice" ticks, axis labels, point
 * series drawn as shapes (so series differ by shape as well as colour), trend lines and shaded
 * bands. Every data point is one element with class "pt <series class>" and data attributes
 * (data-run, data-batch, data-x, data-y) and a <title> tooltip, so tests and readers can find it.
 * The legend is HTML (legend()), beside the SVG. No scripts, no external references.
 */
import { escapeXml } from '../escape.js';

export type Shape = 'circle' | 'square' | 'diamond' | 'triangle';

export interface PlotPoint {
  x: number;
  y: number;
  batch: number;
  title: string;
  /** Extra classes, e.g. "warmup" (drawn hollow). */
  extraClass?: string;
}

export interface PointSeries {
  label: string;
  /** Series class, e.g. "batch-time", "lat-p95". */
  cls: string;
  run: 'candidate' | 'baseline';
  shape: Shape;
  color: string;
  points: PlotPoint[];
}

export interface TrendLine {
  label: string;
  cls: string;
  color: string;
  dashed?: boolean;
  points: [number, number][];
}

export interface TrendBand {
  label: string;
  cls: string;
  color: string;
  lower: [number, number][];
  upper: [number, number][];
}

/** A vertical line at x with a short label at its top (e.g. a cliff). */
export interface VerticalMarker {
  x: number;
  label: string;
  /** Tooltip and legend text. */
  title: string;
  cls: string;
  color: string;
}

export interface ChartSpec {
  /** Element id, also used for the clip path (letters, digits and dashes). */
  id: string;
  /** Accessible name of the chart. */
  title: string;
  xLabel: string;
  yLabel: string;
  xFormat: (v: number) => string;
  /** 'time': milliseconds, ticked at round ms, s or min (timeTicks); default: plain numbers. */
  yAxis?: 'time' | 'number';
  series: PointSeries[];
  lines?: TrendLine[];
  bands?: TrendBand[];
  markers?: VerticalMarker[];
  /** The axes reach at least this far (a forecast's band beyond the points, html/forecast-overlay.ts). */
  reach?: { x: number; y: number };
  width?: number;
  height?: number;
}

const M = { left: 78, right: 18, top: 14, bottom: 48 };
const r2 = (v: number): string => (Math.round(v * 100) / 100).toString();

/** Ticks at 1, 2 or 5 x 10^k from 0 to at least max; max 0 gives [0, 1]. */
export function niceTicks(max: number, target = 5): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const raw = max / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  for (let k = 0; ; k++) {
    const t = Number((k * step).toPrecision(12));
    ticks.push(t);
    if (t >= max) break;
  }
  return ticks;
}

/** Labels with as many decimals as the tick step has: steps 50, 2.5, 0.25 -> 0, 1, 2 decimals. */
export function tickFormat(ticks: readonly number[]): (v: number) => string {
  const step = ticks.length > 1 ? (ticks[1] as number) - (ticks[0] as number) : 1;
  const text = Number(step.toPrecision(10)).toString();
  const decimals = text.includes('.') ? (text.split('.')[1] ?? '').length : 0;
  return (v) => v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Ticks for milliseconds in the unit that suits the maximum: ms, s or min, at round values of that unit. */
export function timeTicks(maxMs: number): number[] {
  const unit = timeUnit(maxMs);
  return niceTicks(maxMs / unit.ms).map((t) => Number((t * unit.ms).toPrecision(12)));
}

function timeUnit(maxMs: number): { ms: number; suffix: string } {
  if (maxMs >= 120_000) return { ms: 60_000, suffix: 'min' };
  if (maxMs >= 1_000) return { ms: 1000, suffix: 's' };
  return { ms: 1, suffix: 'ms' };
}

/** Labels for timeTicks: "0", "1 min", "1.5 min". */
export function timeFormat(maxMs: number): (v: number) => string {
  const unit = timeUnit(maxMs);
  const f = tickFormat(niceTicks(maxMs / unit.ms));
  return (v) => (v === 0 ? '0' : `${f(v / unit.ms)} ${unit.suffix}`);
}

function shapeSvg(shape: Shape, x: number, y: number, attrs: string, title: string): string {
  const t = `<title>${escapeXml(title)}</title>`;
  switch (shape) {
    case 'circle':
      return `<circle ${attrs} cx="${r2(x)}" cy="${r2(y)}" r="3.6">${t}</circle>`;
    case 'square':
      return `<rect ${attrs} x="${r2(x - 3.3)}" y="${r2(y - 3.3)}" width="6.6" height="6.6">${t}</rect>`;
    case 'diamond':
      return `<path ${attrs} d="M${r2(x)} ${r2(y - 4.6)}L${r2(x + 4.6)} ${r2(y)}L${r2(x)} ${r2(y + 4.6)}L${r2(x - 4.6)} ${r2(y)}Z">${t}</path>`;
    case 'triangle':
      return `<path ${attrs} d="M${r2(x)} ${r2(y - 4.6)}L${r2(x + 4.2)} ${r2(y + 3.4)}L${r2(x - 4.2)} ${r2(y + 3.4)}Z">${t}</path>`;
  }
}

/** A legend symbol: the series' shape, or a line/band swatch. */
export function legendSymbol(kind: Shape | 'line' | 'dashed' | 'band', color: string): string {
  const body =
    kind === 'line' || kind === 'dashed'
      ? `<line x1="1" y1="7" x2="21" y2="7" stroke="${color}" stroke-width="2"${kind === 'dashed' ? ' stroke-dasharray="5 3"' : ''}/>`
      : kind === 'band'
        ? `<rect x="1" y="2" width="20" height="10" fill="${color}" fill-opacity="0.22" stroke="${color}" stroke-opacity="0.5"/>`
        : shapeSvg(kind, 11, 7, `class="legend-sym" fill="${color}" stroke="${color}"`, '').replace(
            '<title></title>',
            '',
          );
  return `<svg class="legend-sym" width="22" height="14" viewBox="0 0 22 14" aria-hidden="true">${body}</svg>`;
}

/** HTML legend for a chart: shapes for point series, swatches for lines and bands. */
export function legend(spec: ChartSpec): string {
  const items = [
    ...spec.series.map((s) => `<li>${legendSymbol(s.shape, s.color)} ${escapeXml(s.label)}</li>`),
    ...(spec.lines ?? []).map(
      (l) => `<li>${legendSymbol(l.dashed ? 'dashed' : 'line', l.color)} ${escapeXml(l.label)}</li>`,
    ),
    ...(spec.bands ?? []).map((b) => `<li>${legendSymbol('band', b.color)} ${escapeXml(b.label)}</li>`),
    ...(spec.markers ?? []).map((m) => `<li>${legendSymbol('dashed', m.color)} ${escapeXml(m.title)}</li>`),
  ];
  return `<ul class="legend">${items.join('')}</ul>`;
}

export function svgChart(spec: ChartSpec): string {
  const W = spec.width ?? 760;
  const H = spec.height ?? 340;
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const xs = [...spec.series.flatMap((s) => s.points.map((p) => p.x)), ...(spec.reach ? [spec.reach.x] : [])];
  const ys = [
    ...spec.series.flatMap((s) => s.points.map((p) => p.y)),
    ...(spec.lines ?? []).flatMap((l) => l.points.map((p) => p[1])),
    ...(spec.reach ? [spec.reach.y] : []),
  ];
  const xTicks = niceTicks(Math.max(0, ...xs.filter(Number.isFinite)));
  const yDataMax = Math.max(0, ...ys.filter(Number.isFinite));
  const yTicks = spec.yAxis === 'time' ? timeTicks(yDataMax) : niceTicks(yDataMax);
  const yFormat = spec.yAxis === 'time' ? timeFormat(yDataMax) : tickFormat(yTicks);
  const xMax = xTicks[xTicks.length - 1] ?? 1;
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const X = (v: number): number => M.left + (v / xMax) * pw;
  const Y = (v: number): number => M.top + ph - (v / yMax) * ph;
  const pts = (p: [number, number][]): string => p.map(([x, y]) => `${r2(X(x))},${r2(Y(y))}`).join(' ');
  const clip = `${spec.id}-clip`;

  const grid = [
    ...yTicks.map(
      (t) =>
        `<line class="grid" x1="${M.left}" x2="${M.left + pw}" y1="${r2(Y(t))}" y2="${r2(Y(t))}"/>` +
        `<text class="tick" x="${M.left - 6}" y="${r2(Y(t) + 4)}" text-anchor="end">${escapeXml(yFormat(t))}</text>`,
    ),
    ...xTicks.map(
      (t) =>
        `<line class="grid" y1="${M.top}" y2="${M.top + ph}" x1="${r2(X(t))}" x2="${r2(X(t))}"/>` +
        `<text class="tick" y="${M.top + ph + 16}" x="${r2(X(t))}" text-anchor="middle">${escapeXml(spec.xFormat(t))}</text>`,
    ),
  ];
  const bands = (spec.bands ?? []).map(
    (b) =>
      `<polygon class="band ${b.cls}" fill="${b.color}" fill-opacity="0.18" stroke="none" points="${pts([...b.upper, ...[...b.lower].reverse()])}"/>`,
  );
  const lines = (spec.lines ?? []).map(
    (l) =>
      `<polyline class="trend ${l.cls}" fill="none" stroke="${l.color}" stroke-width="2"${l.dashed ? ' stroke-dasharray="6 4"' : ''} points="${pts(l.points)}"/>`,
  );
  const markers = (spec.markers ?? []).map(
    (m) =>
      `<g class="marker ${m.cls}" data-x="${m.x}"><title>${escapeXml(m.title)}</title>` +
      `<line x1="${r2(X(m.x))}" x2="${r2(X(m.x))}" y1="${M.top}" y2="${M.top + ph}" stroke="${m.color}" stroke-width="2" stroke-dasharray="4 3"/>` +
      `<text class="marker-label" x="${r2(X(m.x) + 4)}" y="${M.top + 12}" fill="${m.color}">${escapeXml(m.label)}</text></g>`,
  );
  const series = spec.series.map((s) => {
    const joined = `<polyline class="series-line ${s.cls}" fill="none" stroke="${s.color}" stroke-opacity="0.45" stroke-width="1" points="${pts(s.points.map((p) => [p.x, p.y]))}"/>`;
    const marks = s.points.map((p) => {
      const hollow = p.extraClass?.includes('warmup') === true;
      const cls = ['pt', s.cls, s.run, ...(p.extraClass ? [p.extraClass] : [])].join(' ');
      const attrs =
        `class="${escapeXml(cls)}" data-run="${s.run}" data-batch="${p.batch}" data-x="${p.x}" data-y="${r2(p.y)}" ` +
        `fill="${hollow ? '#ffffff' : s.color}" stroke="${s.color}" stroke-width="1.5"`;
      return shapeSvg(s.shape, X(p.x), Y(p.y), attrs, p.title);
    });
    return `<g class="series ${s.cls} ${s.run}">${joined}${marks.join('')}</g>`;
  });

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" id="${spec.id}" class="chart" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="${spec.id}-title">`,
    `<title id="${spec.id}-title">${escapeXml(spec.title)}</title>`,
    `<defs><clipPath id="${clip}"><rect x="${M.left}" y="${M.top}" width="${pw}" height="${ph}"/></clipPath></defs>`,
    ...grid,
    `<line class="axis" x1="${M.left}" x2="${M.left + pw}" y1="${M.top + ph}" y2="${M.top + ph}"/>`,
    `<line class="axis" x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + ph}"/>`,
    `<g clip-path="url(#${clip})">${bands.join('')}${lines.join('')}</g>`,
    ...markers,
    ...series,
    `<text class="axis-label" x="${M.left + pw / 2}" y="${H - 8}" text-anchor="middle">${escapeXml(spec.xLabel)}</text>`,
    `<text class="axis-label" transform="translate(16 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">${escapeXml(spec.yLabel)}</text>`,
    '</svg>',
  ].join('\n');
}
