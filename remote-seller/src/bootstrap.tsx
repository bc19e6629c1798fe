/** This remote started alone: the shell's providers around its routes (see @campus/shared/standalone), and a small seller frame. */
import { mountStandalone } from '@campus/shared/standalone';
import App from './App';
import { StandaloneSellerFrame } from './components/StandaloneSellerFrame';

function StandaloneSellerApp() {
  return (
    <StandaloneSellerFrame>
      <App />
    </StandaloneSellerFrame>
  );
}

mountStandalone(StandaloneSellerApp, { name: 'remote-seller', requiresSession: true });
