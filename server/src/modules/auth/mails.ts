import type { Mail } from '../../infra/mail';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function verificationMail(username: string, to: string, link: string): Mail {
  return {
    to,
    subject: 'Verify your email for Spar',
    text: `Hi ${username},\n\nConfirm this email address for your Spar account by opening the link below. It works once and expires in 24 hours.\n\n${link}\n\nIf you did not create a Spar account, ignore this email.\n`,
    html: `<p>Hi ${escapeHtml(username)},</p><p>Confirm this email address for your Spar account. The link works once and expires in 24 hours.</p><p><a href="${escapeHtml(link)}">Verify my email</a></p><p>If you did not create a Spar account, ignore this email.</p>`,
  };
}
