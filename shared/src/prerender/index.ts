export {
  renderToHtml,
  setPlaceholderRuntimeConfig,
  RUNTIME_PLACEHOLDERS,
  type RenderedHtml,
  type RenderToHtmlOptions,
} from './render-to-html';
export { screenRenderer, type RequestRenderedScreen, type ScreenRenderer } from './render-remote-screen';
