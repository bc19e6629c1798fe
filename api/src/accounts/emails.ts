/** The account e-mails: plain text first (every client shows it), simple HTML beside it. */
import type { AppConfig } from '../config';
import type { MailMessage } from '../plugins/mailer';
import { emailHtml as html, escapeHtml } from '../lib/html';

export function verificationEmail(config: AppConfig, to: string, firstName: string, code: string): MailMessage {
  const uni = config.universityName;
  return {
    to,
    subject: `Your ${uni} Marketplace verification code: ${code}`,
    text:
      `Hello ${firstName},\n\n` +
      `Your verification code for the ${uni} student marketplace is: ${code}\n\n` +
      `It expires in 15 minutes. If you did not sign up, you can ignore this e-mail.\n\n` +
      `${uni} Marketplace`,
    html: html([
      `Hello ${escapeHtml(firstName)},`,
      `Your verification code for the ${escapeHtml(uni)} student marketplace is:`,
      `<strong style="font-size:1.6em;letter-spacing:0.2em">${code}</strong>`,
      'It expires in 15 minutes. If you did not sign up, you can ignore this e-mail.',
      `${escapeHtml(uni)} Marketplace`,
    ]),
  };
}

export function resetEmail(config: AppConfig, to: string, firstName: string, token: string): MailMessage {
  const uni = config.universityName;
  const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Reset your ${uni} Marketplace password`,
    text:
      `Hello ${firstName},\n\n` +
      `Someone asked to reset the password of your ${uni} Marketplace account. To choose a new password, open:\n\n` +
      `${link}\n\n` +
      `The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail; your password stays the same.\n\n` +
      `${uni} Marketplace`,
    html: html([
      `Hello ${escapeHtml(firstName)},`,
      `Someone asked to reset the password of your ${escapeHtml(uni)} Marketplace account.`,
      `<a href="${escapeHtml(link)}">Choose a new password</a>`,
      'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail; your password stays the same.',
      `${escapeHtml(uni)} Marketplace`,
    ]),
  };
}

export function welcomeEmail(config: AppConfig, to: string, firstName: string): MailMessage {
  const uni = config.universityName;
  const link = `${config.appUrl}/marketplace`;
  return {
    to,
    subject: `Welcome to the ${uni} Marketplace`,
    text:
      `Hello ${firstName},\n\n` +
      `Your university e-mail is verified. Welcome to the ${uni} student marketplace: buy from and sell to fellow students.\n\n` +
      `Start browsing: ${link}\n\n` +
      `${uni} Marketplace`,
    html: html([
      `Hello ${escapeHtml(firstName)},`,
      `Your university e-mail is verified. Welcome to the ${escapeHtml(uni)} student marketplace: buy from and sell to fellow students.`,
      `<a href="${escapeHtml(link)}">Start browsing</a>`,
      `${escapeHtml(uni)} Marketplace`,
    ]),
  };
}

/** Sent when an account is locked after too many wrong passwords, with a way out that needs the mailbox. */
export function signInLockedEmail(config: AppConfig, to: string, firstName: string, token: string, minutes: number): MailMessage {
  const uni = config.universityName;
  const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const intro = `Someone has tried many wrong passwords on your ${uni} Marketplace account, so signing in to it is paused for ${minutes} minutes, except from devices you have signed in from before.`;
  const advice =
    'If this was not you, someone may be guessing your password: choose a new one now with this link (it works once, for 1 hour).';
  return {
    to,
    subject: `Someone is trying to sign in to your ${uni} Marketplace account`,
    text: `Hello ${firstName},\n\n${intro}\n\n${advice}\n\n${link}\n\nIf it was you, wait and try again, or use the link.\n\n${uni} Marketplace`,
    html: html([
      `Hello ${escapeHtml(firstName)},`,
      escapeHtml(intro),
      escapeHtml(advice),
      `<a href="${escapeHtml(link)}">Choose a new password</a>`,
      'If it was you, wait and try again, or use the link.',
      `${escapeHtml(uni)} Marketplace`,
    ]),
  };
}
