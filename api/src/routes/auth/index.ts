import type { FastifyPluginAsync } from 'fastify';
import forgotPassword from './forgot-password';
import login from './login';
import logout from './logout';
import me from './me';
import register from './register';
import resendCode from './resend-code';
import resetPassword from './reset-password';
import verifyEmail from './verify-email';

/** /api/v1/auth/* */
const authRoutes: FastifyPluginAsync = async (app) => {
  for (const route of [register, verifyEmail, resendCode, login, me, logout, forgotPassword, resetPassword]) {
    await app.register(route);
  }
};
export default authRoutes;
