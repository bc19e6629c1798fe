import { scrollCurrentIntoRow } from './SellerChrome';

/** jsdom lays nothing out: the row's and the entries' boxes are given as a 360 px phone would have them. */
function menuRow({ clientWidth, entries, current }: { clientWidth: number; entries: number; current: number }): HTMLElement {
  const row = document.createElement('nav');
  const width = 120;
  Object.defineProperties(row, {
    clientWidth: { value: clientWidth },
    scrollWidth: { value: entries * width },
    offsetLeft: { value: 16 },
  });
  for (let i = 0; i < entries; i += 1) {
    const entry = document.createElement('a');
    if (i === current) entry.setAttribute('aria-current', 'page');
    Object.defineProperties(entry, { offsetLeft: { value: 16 + i * width }, offsetWidth: { value: width } });
    row.appendChild(entry);
  }
  return row;
}

describe("the seller menu's row on a phone", () => {
  it("scrolls the current page's entry into the row, with a little of the next showing", () => {
    const row = menuRow({ clientWidth: 328, entries: 7, current: 5 });
    scrollCurrentIntoRow(row);
    // Entry 5 ends at 720 px into the row: 720 - 328 + 24.
    expect(row.scrollLeft).toBe(416);
  });

  it('scrolls back to an entry left of what shows', () => {
    const row = menuRow({ clientWidth: 328, entries: 7, current: 1 });
    row.scrollLeft = 400;
    scrollCurrentIntoRow(row);
    expect(row.scrollLeft).toBe(96);
  });

  it('leaves the row alone when the entry shows already, or the row does not scroll', () => {
    const showing = menuRow({ clientWidth: 328, entries: 7, current: 1 });
    scrollCurrentIntoRow(showing);
    expect(showing.scrollLeft).toBe(0);
    const wide = menuRow({ clientWidth: 1000, entries: 7, current: 6 });
    scrollCurrentIntoRow(wide);
    expect(wide.scrollLeft).toBe(0);
  });
});
