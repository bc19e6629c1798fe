/**
 * One uPlot chart (the Analytics page's). uPlot was chosen for its size:
 * about 22 KB gzip with its stylesheet, against ~60 KB for a tree-shaken
 * Chart.js and well over 100 KB for Recharts, and it draws on canvas, fast
 * on a phone. It is imported only here, and only the Analytics page imports
 * this, so its chunk loads with that page and nowhere else. The stylesheet
 * is webpack's asset URL, linked once when the first chart mounts.
 */
import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import uplotCss from 'uplot/dist/uPlot.min.css';
import { Box } from '@campus/shared/ui';

function linkStylesheet(): void {
  if (typeof uplotCss !== 'string' || document.querySelector('link[data-uplot]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = uplotCss;
  link.dataset.uplot = '';
  document.head.appendChild(link);
}

export function Chart({
  options,
  data,
  label,
  height = 220,
}: {
  options: Omit<Options, 'width' | 'height'>;
  data: AlignedData;
  label: string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    linkStylesheet();
    const width = () => Math.max(240, el.clientWidth);
    const plot = new uPlot({ ...options, width: width(), height }, data, el);
    // Phones first: the chart follows its box's width.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: width(), height }));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [options, data, height]);
  return <Box ref={box} role="img" aria-label={label} w="full" overflow="hidden" data-testid="chart" />;
}

export { uPlot };
