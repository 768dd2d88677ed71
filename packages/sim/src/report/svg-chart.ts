/**
 * SVG charts for experiment reports, as strings (no DOM): d3-scale maps data to pixels and
 * d3-shape draws the lines; this module lays out axes, ticks, legend and labels. Two shapes:
 * line charts (one line per series, optional log x) and grouped bar charts with error bars.
 */
import { scaleBand, scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';

const WIDTH = 720;
const HEIGHT = 420;
const MARGIN = { top: 40, right: 170, bottom: 50, left: 70 };
/** Colour-blind-safe palette (Okabe-Ito). */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#F0E442', '#000000'];

/** Escapes text for SVG/XML. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function formatTick(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e4 || magnitude < 1e-3) return value.toExponential(0);
  return Number(value.toPrecision(4)).toString();
}

/** One line of a line chart. */
export interface ChartSeries {
  readonly name: string;
  readonly points: readonly (readonly [number, number])[];
}

/** A line chart. */
export interface LineChartSpec {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly series: readonly ChartSeries[];
  readonly xScale?: 'linear' | 'log';
  /** Draw each point as a dot as well. */
  readonly markers?: boolean;
}

function frame(title: string, xLabel: string, yLabel: string, body: string): string {
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`,
    `<text x="${WIDTH / 2}" y="22" text-anchor="middle" font-size="15">${escapeXml(title)}</text>`,
    `<text x="${MARGIN.left + (WIDTH - MARGIN.left - MARGIN.right) / 2}" y="${HEIGHT - 10}" text-anchor="middle">${escapeXml(xLabel)}</text>`,
    `<text transform="translate(16 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escapeXml(yLabel)}</text>`,
    body,
    '</svg>',
  ].join('\n');
}

function legend(names: readonly string[]): string {
  const x = WIDTH - MARGIN.right + 15;
  return names
    .map((name, i) => {
      const y = MARGIN.top + 10 + i * 18;
      const colour = COLOURS[i % COLOURS.length];
      return `<rect x="${x}" y="${y - 9}" width="12" height="12" fill="${colour}"/><text x="${x + 18}" y="${y + 1}">${escapeXml(name)}</text>`;
    })
    .join('\n');
}

function yAxis(ticks: readonly number[], toY: (v: number) => number): string {
  const right = WIDTH - MARGIN.right;
  return ticks
    .map((tick) => {
      const y = toY(tick).toFixed(1);
      return `<line x1="${MARGIN.left}" x2="${right}" y1="${y}" y2="${y}" stroke="#ddd"/><text x="${MARGIN.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${formatTick(tick)}</text>`;
    })
    .join('\n');
}

function extent(values: readonly number[]): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    low = Math.min(low, v);
    high = Math.max(high, v);
  }
  if (low === Infinity) return [0, 1];
  if (low === high) return [low - 1, high + 1];
  return [low, high];
}

/** A line chart as an SVG document. */
export function lineChart(spec: LineChartSpec): string {
  const xs = spec.series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = spec.series.flatMap((s) => s.points.map((p) => p[1]));
  const [xLow, xHigh] = extent(spec.xScale === 'log' ? xs.filter((x) => x > 0) : xs);
  const [yLow, yHigh] = extent(ys);
  const pad = (yHigh - yLow) * 0.05;
  const range: [number, number] = [MARGIN.left, WIDTH - MARGIN.right];
  const x =
    spec.xScale === 'log'
      ? scaleLog().domain([xLow, xHigh]).range(range)
      : scaleLinear().domain([xLow, xHigh]).range(range).nice();
  const y = scaleLinear()
    .domain([yLow - pad, yHigh + pad])
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
    .nice();
  const bottom = HEIGHT - MARGIN.bottom;
  const xTicks = x
    .ticks(spec.xScale === 'log' ? 5 : 8)
    .map((tick) => {
      const px = x(tick).toFixed(1);
      return `<line x1="${px}" x2="${px}" y1="${bottom}" y2="${bottom + 5}" stroke="#333"/><text x="${px}" y="${bottom + 18}" text-anchor="middle">${formatTick(tick)}</text>`;
    })
    .join('\n');
  const draw = line<readonly [number, number]>()
    .defined((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]) && (spec.xScale !== 'log' || p[0] > 0))
    .x((p) => x(p[0]))
    .y((p) => y(p[1]));
  const lines = spec.series
    .map((series, i) => {
      const colour = COLOURS[i % COLOURS.length];
      const path = `<path d="${draw(series.points) ?? ''}" fill="none" stroke="${colour}" stroke-width="2"/>`;
      const dots = spec.markers
        ? series.points
            .filter((p) => Number.isFinite(p[1]))
            .map(
              (p) => `<circle cx="${x(p[0]).toFixed(1)}" cy="${y(p[1]).toFixed(1)}" r="3" fill="${colour}"/>`,
            )
            .join('')
        : '';
      return path + dots;
    })
    .join('\n');
  const axes = `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${bottom}" y2="${bottom}" stroke="#333"/>`;
  return frame(
    spec.title,
    spec.xLabel,
    spec.yLabel,
    [yAxis(y.ticks(6), y), axes, xTicks, lines, legend(spec.series.map((s) => s.name))].join('\n'),
  );
}

/** One bar: its value and an optional error half-width. */
export interface BarValue {
  readonly value: number;
  readonly error?: number;
}

/** A grouped bar chart: for each group (x category), one bar per series. */
export interface BarChartSpec {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly groups: readonly string[];
  readonly series: readonly { readonly name: string; readonly values: readonly BarValue[] }[];
  /** Start the y axis at the data's minimum (differences are small) instead of 0. */
  readonly zoom?: boolean;
}

/** A grouped bar chart with error bars as an SVG document. */
export function barChart(spec: BarChartSpec): string {
  const all = spec.series.flatMap((s) =>
    s.values.flatMap((v) => [v.value - (v.error ?? 0), v.value + (v.error ?? 0)]),
  );
  const [low, high] = extent(all);
  const pad = (high - low) * 0.1;
  const y = scaleLinear()
    .domain([spec.zoom ? low - pad : Math.min(0, low), high + pad])
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
    .nice();
  const outer = scaleBand<string>()
    .domain(spec.groups)
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const inner = scaleBand<string>()
    .domain(spec.series.map((s) => s.name))
    .range([0, outer.bandwidth()])
    .padding(0.05);
  const bottom = HEIGHT - MARGIN.bottom;
  const base = y(y.domain()[0] as number);
  const bars = spec.series
    .map((series, i) => {
      const colour = COLOURS[i % COLOURS.length];
      return series.values
        .map((bar, g) => {
          const left = (outer(spec.groups[g] as string) ?? 0) + (inner(series.name) ?? 0);
          const top = y(bar.value);
          const middle = left + inner.bandwidth() / 2;
          const error =
            bar.error === undefined
              ? ''
              : `<line x1="${middle.toFixed(1)}" x2="${middle.toFixed(1)}" y1="${y(bar.value - bar.error).toFixed(1)}" y2="${y(bar.value + bar.error).toFixed(1)}" stroke="#333"/>`;
          return `<rect x="${left.toFixed(1)}" y="${top.toFixed(1)}" width="${inner.bandwidth().toFixed(1)}" height="${Math.max(0, base - top).toFixed(1)}" fill="${colour}"/>${error}`;
        })
        .join('');
    })
    .join('\n');
  const groupLabels = spec.groups
    .map((group) => {
      const px = ((outer(group) ?? 0) + outer.bandwidth() / 2).toFixed(1);
      return `<text x="${px}" y="${bottom + 18}" text-anchor="middle">${escapeXml(group)}</text>`;
    })
    .join('\n');
  const axes = `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${bottom}" y2="${bottom}" stroke="#333"/>`;
  return frame(
    spec.title,
    spec.xLabel,
    spec.yLabel,
    [yAxis(y.ticks(6), y), axes, bars, groupLabels, legend(spec.series.map((s) => s.name))].join('\n'),
  );
}
