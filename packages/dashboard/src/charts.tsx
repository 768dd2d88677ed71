/** Chart.js charts as Preact components: bars and a line, sized by their container. */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Filler,
);
Chart.defaults.color = '#94a3b8';
Chart.defaults.borderColor = 'rgba(148, 163, 184, 0.12)';
Chart.defaults.font.family = 'Inter, system-ui, sans-serif';
Chart.defaults.font.size = 11;

/** Series colours. */
export const palette = {
  sky: '#38bdf8',
  pink: '#f472b6',
  lime: '#a3e635',
  amber: '#fbbf24',
  violet: '#a78bfa',
};

function useChart(config: ChartConfiguration): preact.RefObject<HTMLCanvasElement> {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  useEffect(() => {
    if (canvas.current === null) return;
    if (chart.current === null) {
      chart.current = new Chart(canvas.current, config);
    } else {
      chart.current.data = config.data;
      chart.current.update('none');
    }
  });
  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );
  return canvas;
}

const axes = (yTitle: string, xTitle: string) => ({
  x: { grid: { display: false }, title: { display: xTitle.length > 0, text: xTitle } },
  y: { beginAtZero: true, title: { display: yTitle.length > 0, text: yTitle }, ticks: { precision: 0 } },
});

/** A bar chart of one series. */
export function Bars(props: {
  labels: readonly string[];
  values: readonly number[];
  color: string;
  yTitle?: string;
  xTitle?: string;
  label: string;
  height?: number;
}) {
  const canvas = useChart({
    type: 'bar',
    data: {
      labels: [...props.labels],
      datasets: [
        { label: props.label, data: [...props.values], backgroundColor: props.color, borderRadius: 3 },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      plugins: { legend: { display: false } },
      scales: axes(props.yTitle ?? '', props.xTitle ?? ''),
    },
  });
  return (
    <div class="chart" style={{ height: `${props.height ?? 140}px` }}>
      <canvas ref={canvas} aria-label={props.label} role="img" />
    </div>
  );
}

/** A filled line chart of one series. */
export function Line(props: {
  labels: readonly string[];
  values: readonly number[];
  color: string;
  label: string;
  yTitle?: string;
  height?: number;
}) {
  const canvas = useChart({
    type: 'line',
    data: {
      labels: [...props.labels],
      datasets: [
        {
          label: props.label,
          data: [...props.values],
          borderColor: props.color,
          backgroundColor: `${props.color}33`,
          fill: true,
          pointRadius: 0,
          tension: 0.3,
        },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      plugins: { legend: { display: false } },
      scales: axes(props.yTitle ?? '', ''),
    },
  });
  return (
    <div class="chart" style={{ height: `${props.height ?? 140}px` }}>
      <canvas ref={canvas} aria-label={props.label} role="img" />
    </div>
  );
}
