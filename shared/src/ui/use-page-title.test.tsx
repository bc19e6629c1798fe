import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { PageTitleSinkContext, usePageTitle, type PageTitleSink } from './use-page-title';

function Titled({ title, children }: { title?: string; children?: ReactNode }) {
  usePageTitle(title);
  return <div>{children}</div>;
}

describe('usePageTitle', () => {
  it('sets document.title in the browser, the outer page last as effects run', () => {
    render(
      <Titled title="Features">
        <Titled title="Inner" />
      </Titled>,
    );
    expect(document.title).toBe('Features · Campus Marketplace');
  });

  it('hands the same title to the build-time render, which runs no effects (prerendered <title>)', () => {
    const sink: PageTitleSink = {};
    renderToString(
      <PageTitleSinkContext.Provider value={sink}>
        <Titled title="Features">
          <Titled title="Inner" />
        </Titled>
      </PageTitleSinkContext.Provider>,
    );
    expect(sink.title).toBe('Features · Campus Marketplace');
  });

  it('gives the site name alone to a page without a title', () => {
    const sink: PageTitleSink = {};
    renderToString(
      <PageTitleSinkContext.Provider value={sink}>
        <Titled />
      </PageTitleSinkContext.Provider>,
    );
    expect(sink.title).toBe('Campus Marketplace');
  });
});
