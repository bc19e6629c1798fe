/**
 * jsdom applies no media query, so both of a responsive screen's layouts (the
 * phone's cards, the wider screen's table: `data-layout`) would be in the
 * accessibility tree at once. A test picks the one a browser of that width
 * would show; the other becomes display:none, as Chakra's hideFrom /
 * hideBelow make it in a browser. setup.ts starts every test on the table
 * (the e2e journeys' desktop width).
 */
export type Layout = 'cards' | 'table';

const STYLE_ID = 'test-layout';

export function showLayout(layout: Layout): void {
  const hidden: Layout = layout === 'cards' ? 'table' : 'cards';
  let style = document.getElementById(STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
    document.head.appendChild(style);
  }
  style.textContent = `[data-layout="${hidden}"] { display: none !important; }`;
}
