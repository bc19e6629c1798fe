/**
 * The auth remote's screens, one per screen id of the federation contract
 * (`REMOTES.remoteAuth`). The sign-in and sign-up screens sit in the auth
 * frame (a hero panel addressed to the university's students); /verify shows
 * the frame's hero image; /profile has the site's own layout.
 *
 * /profile (orders, wishlist, product cards) is its own chunk: the sign-in screens,
 * which a visitor reaches first and whose copy the page already shows, do not
 * download or run it (less main-thread time before /login is live).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { ScreenMap } from '@campus/shared/remote-routes';
import { PageSpinner } from '@campus/shared/ui';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { AuthChoice } from './AuthChoice';
import { ForgotPassword } from './ForgotPassword';
import { Login } from './Login';
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

/** /profile's chunk (tests load it ahead, as a browser has by the time a student opens the page). */
export const loadProfileScreen = () => import(/* webpackChunkName: "profile" */ './Profile');

const LazyProfile = lazy(() => loadProfileScreen().then(({ Profile }) => ({ default: Profile })));

function ProfileScreen() {
  return (
    <Suspense fallback={<PageSpinner label="Loading your profile" />}>
      <LazyProfile />
    </Suspense>
  );
}

export const AUTH_SCREENS: ScreenMap<'remoteAuth'> = {
  authChoice: inAuthFrame(AuthChoice),
  login: inAuthFrame(Login),
  register: inAuthFrame(Register),
  verify: inAuthFrame(Verify, true),
  forgotPassword: inAuthFrame(ForgotPassword),
  resetPassword: inAuthFrame(ResetPassword),
  profile: ProfileScreen,
};
