export { renderToHtml, setPlaceholderRuntimeConfig, RUNTIME_PLACEHOLDERS, type RenderedHtml, type RenderToHtmlOptions } from './render-to-html';
export { prerenderedScreenPaths, screenRenderer, type ScreenRenderer } from './render-remote-screen';
