import { escapeHtml } from '../../http/html';
import type { Mail } from '../../infra/mail';

export function verificationMail(username: string, to: string, link: string): Mail {
  return {
    to,
    subject: 'Verify your email for Spar',
    text: `Hi ${username},\n\nConfirm this email address for your Spar account by opening the link below. It works once and expires in 24 hours.\n\n${link}\n\nIf you did not create a Spar account, ignore this email.\n`,
    html: `<p>Hi ${escapeHtml(username)},</p><p>Confirm this email address for your Spar account. The link works once and expires in 24 hours.</p><p><a href="${escapeHtml(link)}">Verify my email</a></p><p>If you did not create a Spar account, ignore this email.</p>`,
  };
}

export function emailChangeMail(username: string, to: string, link: string): Mail {
  return {
    to,
    subject: 'Confirm your new email for Spar',
    text: `Hi ${username},\n\nYou asked to use this email address for your Spar account. Confirm it by opening the link below. It works once and expires in 24 hours. Until then your account keeps its current address.\n\n${link}\n\nIf you did not ask for this, ignore this email.\n`,
    html: `<p>Hi ${escapeHtml(username)},</p><p>You asked to use this email address for your Spar account. The link works once and expires in 24 hours. Until then your account keeps its current address.</p><p><a href="${escapeHtml(link)}">Confirm my new email</a></p><p>If you did not ask for this, ignore this email.</p>`,
  };
}

export function passwordResetMail(username: string, to: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Spar password',
    text: `Hi ${username},\n\nSomeone (we hope you) asked to reset the password of your Spar account. Open the link below to choose a new one. It works once and expires in 1 hour; setting a new password signs you out everywhere.\n\n${link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n`,
    html: `<p>Hi ${escapeHtml(username)},</p><p>Someone (we hope you) asked to reset the password of your Spar account. The link works once and expires in 1 hour; setting a new password signs you out everywhere.</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If you did not ask for this, ignore this email: your password stays as it is.</p>`,
  };
}
