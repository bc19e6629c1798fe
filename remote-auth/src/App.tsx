import { Route, Routes } from 'react-router-dom';
import { AuthLayout } from './features/auth/components/AuthLayout';
import { AuthChoice } from './features/auth/routes/AuthChoice';
import { ForgotPassword } from './features/auth/routes/ForgotPassword';
import { Login } from './features/auth/routes/Login';
import { Register } from './features/auth/routes/Register';
import { ResetPassword } from './features/auth/routes/ResetPassword';
import { Verify } from './features/auth/routes/Verify';
import { Profile } from './features/profile/routes/Profile';

/**
 * The remote's routes, with the absolute paths it owns. The shell mounts this
 * under a pathless layout route and applies the guest-only / signed-in guards.
 */
export default function App() {
  return (
    <Routes>
      <Route element={<AuthLayout />}>
        <Route path="/auth" element={<AuthChoice />} />
        <Route path="/login" element={<Login />} />
        <Route path="/register" element={<Register />} />
        <Route path="/forgot-password" element={<ForgotPassword />} />
        <Route path="/reset-password" element={<ResetPassword />} />
      </Route>
      <Route element={<AuthLayout withHeroImage />}>
        <Route path="/verify" element={<Verify />} />
      </Route>
      <Route path="/profile" element={<Profile />} />
    </Routes>
  );
}
