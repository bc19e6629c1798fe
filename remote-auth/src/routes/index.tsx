/**
 * The auth remote's screens, one per screen id of the federation contract
 * (`REMOTES.remoteAuth`). The sign-in and sign-up screens sit in the auth
 * frame (a hero panel addressed to the university's students); /verify shows
 * the frame's hero image; /profile has the site's own layout.
 */
import type { ComponentType } from 'react';
import type { ScreenMap } from '@campus/shared/remote-routes';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { AuthChoice } from './AuthChoice';
import { ForgotPassword } from './ForgotPassword';
import { Login } from './Login';
import { Profile } from './Profile';
import { Register } from './Register';
import { ResetPassword } from './ResetPassword';
import { Verify } from './Verify';

function inAuthFrame(Screen: ComponentType, withHeroImage = false): ComponentType {
  function FramedScreen() {
    return (
      <AuthLayout withHeroImage={withHeroImage}>
        <Screen />
      </AuthLayout>
    );
  }
  FramedScreen.displayName = `InAuthFrame(${Screen.displayName ?? Screen.name})`;
  return FramedScreen;
}

export const AUTH_SCREENS: ScreenMap<'remoteAuth'> = {
  authChoice: inAuthFrame(AuthChoice),
  login: inAuthFrame(Login),
  register: inAuthFrame(Register),
  verify: inAuthFrame(Verify, true),
  forgotPassword: inAuthFrame(ForgotPassword),
  resetPassword: inAuthFrame(ResetPassword),
  profile: Profile,
};
