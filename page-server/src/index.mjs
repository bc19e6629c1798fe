/**
 * @campus/page-server: the production server for one browser app's build (README.md).
 */
export { startStaticServer } from './server.mjs';
export { remoteScreensSource } from './remote-screens.mjs';
export { requestScreenSource } from './request-screens.mjs';
