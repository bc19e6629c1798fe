/** This remote started alone: the shell's providers around its routes (see @campus/shared/standalone). */
// First: its module graph loads the runtime configuration module, which tells zod never to probe
// eval (the pages' CSP forbids it) before anything below parses.
import { mountStandalone } from '@campus/shared/standalone';
import App from './App';

mountStandalone(App, { name: 'remote-ops', requiresSession: true });
