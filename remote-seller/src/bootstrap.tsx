/** This remote started alone: the shell's providers around its routes (see @campus/shared/standalone). */
import { mountStandalone } from '@campus/shared/standalone';
import App from './App';

mountStandalone(App, { name: 'remote-seller', requiresSession: true });
