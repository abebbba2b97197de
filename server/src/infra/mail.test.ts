import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from './mail';

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a local port that keeps every message it receives. */
function startSmtp(): Promise<{
  server: SMTPServer;
  port: number;
  received: { to: string[]; raw: string }[];
}> {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.server.address() as AddressInfo).port, received }),
    );
  });
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));

  it('registration sends the verification link through SMTP_URL', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-mail-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Spar <hello@spar.test>',
      PUBLIC_URL: 'https://play.spar.test',
      STATIC_DIR: path.join(dataDir, 'none'),
    });
    const app = await buildApp(config, { logger: false, sweepIntervalMs: 0 });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'mailer_test', password: 'correct horse', email: 'player@example.com' },
      });
      expect(res.json().emailVerificationSent).toBe(true);
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual(['player@example.com']);
      expect(mail.raw).toContain('Subject: Verify your email for Spar');
      expect(mail.raw).toContain('From: Spar <hello@spar.test>');
      const link = /https:\/\/play\.spar\.test\/api\/auth\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(
        decodeQuotedPrintable(mail.raw),
      );
      expect(link).not.toBeNull();
      const verified = await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${link![1]}` });
      expect(verified.headers.location).toBe('/?notice=email_verified');
    } finally {
      await app.close();
    }
  });

  it('reports failure when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'a@b.c', dataDir: tmpdir() });
    await expect(
      mailer.send({ to: 'x@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow();
  });
});

describe('mail without SMTP', () => {
  it('writes each mail as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-eml-'));
    const mailer = createMailer({ smtpUrl: undefined, from: 'Spar <no-reply@spar.local>', dataDir });
    expect(mailer.kind).toBe('file');
    await mailer.send({
      to: 'dev@example.com',
      subject: 'Hello',
      text: 'link: http://x/verify?token=abc',
      html: '<p>hi</p>',
    });
    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(raw).toContain('To: dev@example.com');
    expect(raw).toContain('Subject: Hello');
    expect(raw).toContain('token=abc');
  });
});
