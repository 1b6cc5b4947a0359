import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId } from 'react';
import type { ReportSection } from '../../../domain/reports/reportData.ts';
import { reportMessages } from '../../../domain/reports/reportMessages.ts';
import { chartSvg, figure, legend, legendItem, swatch } from './AdminReports.css.ts';
import { chartData } from './chartSeries.ts';
import { useElementWidth } from './useElementWidth.ts';

const m = reportMessages.page;
/** The width the chart is drawn at before its box is measured, and at most (the figure's max-width). */
const DEFAULT_WIDTH = 720;
const MAX_WIDTH = 960;
const TEXT = '#1A1A1A';
const AXIS = '#5C6F82';
/** About how many pixels a character of a 12 px label takes, to shorten labels to the room they have. */
const CHARACTER_PX = 6.5;
/** The room a slanted category label of a vertical chart needs along the axis, to leave some out when crowded. */
const SLANTED_LABEL_PX = 18;

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text);

/**
 * A section's figures as grouped bars (visx, plain SVG). The picture is one image to assistive technology: its
 * title and description say what it shows and that the same figures are in the table that follows, which is
 * what a screen reader or keyboard user reads instead; nothing in it is interactive.
 */
export function BarChart({ section }: { section: ReportSection }) {
  const id = useId();
  // Drawn at the width it is shown at, so its 12 px labels stay 12 px on a phone (not a scaled-down picture).
  const [figureRef, measuredWidth] = useElementWidth<HTMLElement>(DEFAULT_WIDTH);
  const width = Math.min(MAX_WIDTH, measuredWidth);
  const narrow = width < 480;
  const { series, data, max, tick, integerTicks } = chartData(section);
  const horizontal = section.chart.orientation === 'horizontal';
  const group = series.length * 16 + 12;
  const margin = horizontal
    ? { top: 8, right: 24, bottom: 32, left: Math.min(210, Math.round(width * 0.4)) }
    : { top: 8, right: 16, bottom: 72, left: 64 };
  const labelMax = horizontal ? Math.floor((margin.left - 12) / CHARACTER_PX) : 30;
  const height = horizontal ? margin.top + margin.bottom + Math.max(1, data.length) * group : narrow ? 240 : 320;
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const top = max > 0 ? max : 1;
  // As many value ticks as their labels have room for along a horizontal axis ("300 Mln €" is wide).
  const valueLabelPx = tick(top).length * CHARACTER_PX + 16;
  const roomFor = horizontal ? Math.max(2, Math.floor(innerWidth / valueLabelPx)) : narrow ? 4 : 6;
  const ticks = Math.min(integerTicks ? Math.max(1, Math.min(6, top)) : 6, roomFor);
  // A vertical chart with more categories than its axis has room for names every second (third…) one.
  const every = horizontal ? 1 : Math.max(1, Math.ceil((data.length * SLANTED_LABEL_PX) / Math.max(1, innerWidth)));
  const categoryTicks = data.map((d) => d.category).filter((_, index) => index % every === 0);

  const categories = scaleBand<string>({
    domain: data.map((d) => d.category),
    range: horizontal ? [0, innerHeight] : [0, innerWidth],
    padding: 0.2,
  });
  const inner = scaleBand<string>({ domain: series.map((s) => s.key), range: [0, categories.bandwidth()], padding: 0.1 });
  const values = scaleLinear<number>({ domain: [0, top], range: horizontal ? [0, innerWidth] : [innerHeight, 0], nice: true });

  return (
    <figure className={figure} ref={figureRef}>
      <svg
        className={chartSvg}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-chart={section.id}
      >
        <title id={`${id}-title`}>{section.title}</title>
        <desc id={`${id}-desc`}>{`${section.reading} ${m.chartLabel(section.title)}`}</desc>
        <Group left={margin.left} top={margin.top}>
          {data.map((datum) => (
            <Group
              key={datum.category}
              {...(horizontal ? { top: categories(datum.category) ?? 0 } : { left: categories(datum.category) ?? 0 })}
            >
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
                // Every bar group is named (visx names only every second one of more than ten by default).
                tickValues={data.map((d) => d.category)}
                stroke={AXIS}
                tickStroke={AXIS}
                tickFormat={(value) => shorten(String(value), labelMax)}
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
                tickValues={categoryTicks}
                stroke={AXIS}
                tickStroke={AXIS}
                tickFormat={(value) => shorten(String(value), labelMax)}
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
