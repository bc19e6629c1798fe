import { renderWithProviders as render } from '@campus/shared/testing';
import { screen } from '@testing-library/react';
import { HIGHLIGHT_POST_TAG as POST, HIGHLIGHT_PRE_TAG as PRE, Highlight, highlightedValue, splitHighlight } from './highlight';

describe('splitHighlight', () => {
  it('splits on the markers into text and highlighted parts', () => {
    expect(splitHighlight(`Apple ${PRE}iPhone${POST} 12 ${PRE}Pro${POST}`)).toEqual([
      { text: 'Apple ', highlighted: false },
      { text: 'iPhone', highlighted: true },
      { text: ' 12 ', highlighted: false },
      { text: 'Pro', highlighted: true },
    ]);
  });

  it('decodes the escaped text the service sends', () => {
    expect(splitHighlight(`Salt &amp; ${PRE}Pepper${POST} &lt;b&gt;`)).toEqual([
      { text: 'Salt & ', highlighted: false },
      { text: 'Pepper', highlighted: true },
      { text: ' <b>', highlighted: false },
    ]);
  });

  it('treats an unclosed marker as highlighted to the end', () => {
    expect(splitHighlight(`a${PRE}b`)).toEqual([
      { text: 'a', highlighted: false },
      { text: 'b', highlighted: true },
    ]);
  });
});

describe('Highlight', () => {
  it('renders matches in <mark> and never inserts HTML from the index', () => {
    const hostile = `${PRE}Phone${POST} &lt;img src=x onerror=alert(1)&gt;<script>alert(2)</script>`;
    const { container } = render(
      <p>
        <Highlight value={hostile} fallback="Phone" />
      </p>,
    );
    expect(screen.getByText('Phone').tagName).toBe('MARK');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.textContent).toContain('<script>alert(2)</script>');
  });

  it('falls back to the plain text without a highlight', () => {
    render(<Highlight value={undefined} fallback="Plain name" />);
    expect(screen.getByText('Plain name')).toBeInTheDocument();
  });
});

describe('highlightedValue', () => {
  it('reads _highlightResult.attr.value and ignores anything else', () => {
    expect(highlightedValue({ _highlightResult: { name: { value: 'x' } } }, 'name')).toBe('x');
    expect(highlightedValue({ _highlightResult: { name: [{ value: 'x' }] } }, 'name')).toBeUndefined();
    expect(highlightedValue({}, 'name')).toBeUndefined();
  });
});
