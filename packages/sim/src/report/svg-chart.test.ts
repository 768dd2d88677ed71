import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { barChart, escapeXml, lineChart } from './svg-chart.ts';

describe('SVG charts', () => {
  it('draws one path per series, places points by the data, and escapes text', () => {
    const svg = lineChart({
      title: 'Rank error <by> games',
      xLabel: 'games',
      yLabel: 'error',
      series: [
        {
          name: 'Elo & co',
          points: [
            [0, 10],
            [10, 5],
            [20, 1],
          ],
        },
        {
          name: 'Glicko-2',
          points: [
            [0, 10],
            [10, 2],
            [20, 0],
          ],
        },
      ],
      markers: true,
    });
    assert.ok(svg.startsWith('<svg'));
    assert.ok(svg.trimEnd().endsWith('</svg>'));
    assert.equal((svg.match(/<path /g) ?? []).length, 2);
    assert.equal((svg.match(/<circle /g) ?? []).length, 6);
    assert.ok(svg.includes('Rank error &lt;by&gt; games') && svg.includes('Elo &amp; co'));
    // The first series starts higher (y = 10) than it ends (y = 1): its first point is nearer the top.
    const path = /<path d="M([\d.]+),([\d.]+)L[\d.]+,[\d.]+L([\d.]+),([\d.]+)"/.exec(svg);
    assert.ok(path);
    assert.ok(Number(path[2]) < Number(path[4]));
    assert.ok(Number(path[1]) < Number(path[3]));
  });

  it('skips non-positive x on a log axis and non-finite values', () => {
    const svg = lineChart({
      title: 't',
      xLabel: 'x',
      yLabel: 'y',
      xScale: 'log',
      series: [
        {
          name: 's',
          points: [
            [0, 1],
            [1, 2],
            [10, Number.NaN],
            [100, 3],
          ],
        },
      ],
    });
    assert.ok(!svg.includes('NaN'));
  });

  it('draws grouped bars with error bars', () => {
    const svg = barChart({
      title: 'Retained',
      xLabel: 'pool',
      yLabel: 'players',
      groups: ['100', '200'],
      series: [
        {
          name: 'EOMM',
          values: [
            { value: 52, error: 0.1 },
            { value: 104, error: 0.2 },
          ],
        },
        {
          name: 'SkillMM',
          values: [
            { value: 51, error: 0.1 },
            { value: 103, error: 0.2 },
          ],
        },
      ],
      zoom: true,
    });
    assert.equal((svg.match(/<rect x=/g) ?? []).length, 4 + 2); // 4 bars + 2 legend swatches
    assert.ok(!svg.includes('NaN'));
    assert.equal(escapeXml('"a"'), '&quot;a&quot;');
  });
});
