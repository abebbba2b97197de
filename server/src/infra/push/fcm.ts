/**
 * Firebase Cloud Messaging, HTTP v1: POST {baseUrl}/v1/projects/{project}/messages:send with a
 * service account's OAuth token. A token FCM reports as UNREGISTERED, or as an INVALID_ARGUMENT
 * about the token itself, is `invalid_token`; 429, 5xx and network failures are retried with
 * exponential backoff (see docs/design.md, "Chat and push").
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PushMessage, PushResult, PushSender } from './types';

export interface FcmOptions {
  projectId: string;
  /** https://fcm.googleapis.com unless a test or proxy says otherwise. */
  baseUrl: string;
  accessToken: () => Promise<string>;
  log: FastifyBaseLogger;
  /** Retries after the first attempt for transient failures. */
  retries?: number;
  /** Backoff before retry n (0-based): baseDelayMs · 2^n plus up to jitterMs. */
  baseDelayMs?: number;
  jitterMs?: number;
  /** Longest a single request may take. */
  timeoutMs?: number;
  random?: () => number;
}

interface FcmErrorBody {
  error?: {
    status?: string;
    message?: string;
    details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[];
  };
}

/** Whether FCM's error answer says the registration token is unknown or malformed. */
export function isInvalidTokenAnswer(status: number, body: FcmErrorBody): boolean {
  const error = body.error;
  if (!error) return status === 404;
  const codes = (error.details ?? []).map((detail) => detail.errorCode);
  if (codes.includes('UNREGISTERED')) return true;
  if (status === 404 && error.status === 'NOT_FOUND') return true;
  if (codes.includes('INVALID_ARGUMENT') || error.status === 'INVALID_ARGUMENT') {
    const aboutToken = (error.details ?? []).some((detail) =>
      (detail.fieldViolations ?? []).some((violation) => violation.field === 'message.token'),
    );
    return aboutToken || /registration token/i.test(error.message ?? '');
  }
  return false;
}

export class FcmPushSender implements PushSender {
  readonly kind = 'fcm' as const;
  private readonly retries: number;
  private readonly baseDelayMs: number;
  private readonly jitterMs: number;
  private readonly timeoutMs: number;
  private readonly random: () => number;

  constructor(private readonly options: FcmOptions) {
    this.retries = options.retries ?? 5;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.jitterMs = options.jitterMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.random = options.random ?? Math.random;
  }

  private get url(): string {
    return `${this.options.baseUrl}/v1/projects/${encodeURIComponent(this.options.projectId)}/messages:send`;
  }

  async send(token: string, message: PushMessage): Promise<PushResult> {
    const payload = JSON.stringify({
      message: {
        token,
        notification: { title: message.title, body: message.body },
        data: { ...message.data, kind: message.kind },
      },
    });
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.attempt(payload);
      if (outcome !== 'retry') return outcome;
      if (attempt >= this.retries) return 'failed';
      const delay = this.baseDelayMs * 2 ** attempt + Math.floor(this.random() * this.jitterMs);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  private async attempt(payload: string): Promise<PushResult | 'retry'> {
    let response: Response;
    try {
      const accessToken = await this.options.accessToken();
      response = await fetch(this.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: payload,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      this.options.log.warn({ err: error }, 'FCM request failed');
      return 'retry';
    }
    if (response.ok) {
      await response.body?.cancel();
      return 'sent';
    }
    const body = (await response.json().catch(() => ({}))) as FcmErrorBody;
    if (isInvalidTokenAnswer(response.status, body)) return 'invalid_token';
    if (response.status === 429 || response.status >= 500) return 'retry';
    this.options.log.error(
      { status: response.status, fcmStatus: body.error?.status, fcmMessage: body.error?.message },
      'FCM refused a notification',
    );
    return 'failed';
  }
}
