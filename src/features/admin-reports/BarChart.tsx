import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId } from 'react';
import type { ReportSection } from '../../../domain/reports/reportData.ts';
import { reportMessages } from '../../../domain/reports/reportMessages.ts';
import { chartSvg, figure, legend, legendItem, swatch } from './AdminReports.css.ts';
import { chartData } from './chartSeries.ts';

const m = reportMessages.page;
const WIDTH = 720;
const TEXT = '#1A1A1A';
const AXIS = '#5C6F82';
const LABEL_MAX = 30;

const shorten = (text: string) => (text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text);

/**
 * A section's figures as grouped bars (visx, plain SVG). The picture is one image to assistive technology: its
 * title and description say what it shows and that the same figures are in the table that follows, which is
 * what a screen reader or keyboard user reads instead; nothing in it is interactive.
 */
export function BarChart({ section }: { section: ReportSection }) {
  const id = useId();
  const { series, data, max, tick, integerTicks } = chartData(section);
  const horizontal = section.chart.orientation === 'horizontal';
  const group = series.length * 16 + 12;
  const margin = horizontal ? { top: 8, right: 24, bottom: 32, left: 210 } : { top: 8, right: 16, bottom: 72, left: 64 };
  const height = horizontal ? margin.top + margin.bottom + Math.max(1, data.length) * group : 320;
  const innerWidth = WIDTH - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const top = max > 0 ? max : 1;
  const ticks = integerTicks ? Math.max(1, Math.min(6, top)) : 6;

  const categories = scaleBand<string>({
    domain: data.map((d) => d.category),
    range: horizontal ? [0, innerHeight] : [0, innerWidth],
    padding: 0.2,
  });
  const inner = scaleBand<string>({ domain: series.map((s) => s.key), range: [0, categories.bandwidth()], padding: 0.1 });
  const values = scaleLinear<number>({ domain: [0, top], range: horizontal ? [0, innerWidth] : [innerHeight, 0], nice: true });

  return (
    <figure className={figure}>
      <svg
        className={chartSvg}
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-chart={section.id}
      >
        <title id={`${id}-title`}>{section.title}</title>
        <desc id={`${id}-desc`}>{`${section.reading} ${m.chartLabel(section.title)}`}</desc>
        <Group left={margin.left} top={margin.top}>
          {data.map((datum) => (
            <Group key={datum.category} {...(horizontal ? { top: categories(datum.category) ?? 0 } : { left: categories(datum.category) ?? 0 })}>
              {datum.values.map(({ series: s, value }) => {
                const offset = inner(s.key) ?? 0;
                const length = horizontal ? values(value) : innerHeight - values(value);
                return horizontal ? (
                  <Bar key={s.key} x={0} y={offset} width={Math.max(0, length)} height={inner.bandwidth()} fill={s.colour} />
                ) : (
                  <Bar key={s.key} x={offset} y={values(value)} width={inner.bandwidth()} height={Math.max(0, length)} fill={s.colour} />
                );
              })}
            </Group>
          ))}
          {horizontal ? (
            <>
              <AxisLeft
                scale={categories}
                stroke={AXIS}
                tickStroke={AXIS}
                tickFormat={(value) => shorten(String(value))}
                tickLabelProps={{ fill: TEXT, fontFamily: 'inherit', fontSize: 12, textAnchor: 'end', dy: '0.33em' }}
              />
              <AxisBottom
                top={innerHeight}
                scale={values}
                numTicks={ticks}
                stroke={AXIS}
                tickStroke={AXIS}
                tickFormat={(value) => tick(Number(value))}
                tickLabelProps={{ fill: TEXT, fontFamily: 'inherit', fontSize: 12, textAnchor: 'middle' }}
              />
            </>
          ) : (
            <>
              <AxisLeft
                scale={values}
                numTicks={ticks}
                stroke={AXIS}
                tickStroke={AXIS}
                tickFormat={(value) => tick(Number(value))}
                tickLabelProps={{ fill: TEXT, fontFamily: 'inherit', fontSize: 12, textAnchor: 'end', dy: '0.33em' }}
              />
              <AxisBottom
                top={innerHeight}
                scale={categories}
                stroke={AXIS}
                tickStroke={AXIS}
                tickFormat={(value) => shorten(String(value))}
                tickLabelProps={{ fill: TEXT, fontFamily: 'inherit', fontSize: 11, textAnchor: 'end', angle: -45, dy: '0.25em' }}
              />
            </>
          )}
        </Group>
      </svg>
      {series.length > 1 ? (
        <ul className={legend} aria-hidden="true">
          {series.map((s) => (
            <li key={s.key} className={legendItem}>
              <span className={swatch} style={{ background: s.colour }} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
