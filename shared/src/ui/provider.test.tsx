/**
 * The provider on a page whose styles the server already wrote into <head> (emotion
 * moving those tags restyled the whole page in a start-up task). Each case loads React, Chakra
 * and emotion afresh (jest.isolateModules), as a page load does: emotion reads <head> when its
 * cache is created.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- each case require()s its own fresh copies inside jest.isolateModules */
import type * as ChakraModule from '@chakra-ui/react';
import type * as ReactModule from 'react';
import type * as ReactDomClient from 'react-dom/client';
import type * as ProviderModule from './provider';

// The helper the build and the static server write <head>'s styles with.
const { headStyles } = require('../../../tooling/html.cjs') as { headStyles: (markup: string) => string };

// React's act() outside @testing-library (which this file cannot load once per case: it registers hooks).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A style tag's CSS, whether emotion wrote it as text or inserted it rule by rule (its "speedy" mode). */
const cssOf = (tag: HTMLStyleElement) => `${tag.textContent ?? ''}${[...(tag.sheet?.cssRules ?? [])].map((rule) => rule.cssText).join('')}`;

interface Rendered {
  className: string;
  /** Every style tag's text after the render, in document order. */
  styleTexts: string[];
  /** Style tags taken out of <head> while the page started. */
  removed: number;
}

function renderPriceTag(): Rendered {
  let result: Rendered | undefined;
  jest.isolateModules(() => {
    const { act } = require('react') as typeof ReactModule;
    const { createRoot } = require('react-dom/client') as typeof ReactDomClient;
    const { Box } = require('@chakra-ui/react') as typeof ChakraModule;
    const { DesignSystemProvider } = require('./provider') as typeof ProviderModule;
    let removed = 0;
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.removedNodes) if (node.nodeName === 'STYLE') removed += 1;
    });
    observer.observe(document.head, { childList: true });
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    act(() =>
      root.render(
        <DesignSystemProvider>
          <Box color="brand.700" fontWeight="semibold">
            ₦12,500.00
          </Box>
        </DesignSystemProvider>,
      ),
    );
    removed += observer.takeRecords().reduce((n, r) => n + [...r.removedNodes].filter((node) => node.nodeName === 'STYLE').length, 0);
    observer.disconnect();
    result = {
      className: container.firstElementChild?.className ?? '',
      styleTexts: [...document.querySelectorAll('style')].map(cssOf),
      removed,
    };
    act(() => root.unmount());
    container.remove();
  });
  if (!result) throw new Error('the render did not run');
  return result;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('DesignSystemProvider on a page the server drew', () => {
  it('leaves the server style tags where they are and inserts none of their classes again', () => {
    // What the browser would insert for this element on a bare page: its class and that class's rules.
    const bare = renderPriceTag();
    const className = bare.className.split(' ').find((name) => name.startsWith('css-'));
    if (!className) throw new Error(`no emotion class on the element: "${bare.className}"`);
    const rules = bare.styleTexts.filter((text) => text.includes(`.${className}`)).join('');
    expect(rules).toContain('font-weight');

    // The page as the server sends it: emotion's tags from the server render, rewritten by headStyles.
    document.head.innerHTML = '';
    const serverMarkup =
      '<style data-emotion="css-global layers1">@layer reset, base, tokens, recipes;</style>' +
      '<style data-emotion="css-global tokens1">@layer tokens{:where(html, .chakra-theme){--chakra-colors-brand-700:#027a48}}</style>' +
      `<style data-emotion="css ${className.slice('css-'.length)}">${rules}</style>` +
      `<div class="${className}">₦12,500.00</div>`;
    document.head.innerHTML = headStyles(serverMarkup);
    const serverTags = [...document.head.querySelectorAll('style')];
    expect(serverTags).toHaveLength(3);

    const onServerPage = renderPriceTag();
    expect(onServerPage.className).toContain(className);
    // Not moved: each move is a parse of the sheet and a restyle of the page.
    expect(onServerPage.removed).toBe(0);
    expect([...document.head.querySelectorAll('style')].slice(0, 3)).toEqual(serverTags);
    // Not inserted a second time: the class's rules are in the server's tag only.
    expect(onServerPage.styleTexts.filter((text) => text.includes(`.${className}`))).toHaveLength(1);
    // Chakra's globals (reset, tokens) and layer order come from the server's tags: none inserted again.
    expect(onServerPage.styleTexts.filter((text) => text.includes('@layer reset'))).toHaveLength(1);
    expect(onServerPage.styleTexts.filter((text) => text.includes('--chakra-aspect-ratios-square'))).toHaveLength(0);
  });

  it('inserts the styles itself on a bare page (a remote started alone, the SPA fallback)', () => {
    const bare = renderPriceTag();
    expect(bare.styleTexts.some((text) => text.includes('--chakra-aspect-ratios-square'))).toBe(true);
    expect(bare.styleTexts.some((text) => text.includes('font-weight'))).toBe(true);
  });
});
