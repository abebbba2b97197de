/**
 * A local stand-in for Firebase Cloud Messaging's HTTP v1 send endpoint
 * (POST /v1/projects/{project}/messages:send), answering as FCM does: 200 with the message name, or
 * FCM's error envelope. Tests script answers per device token.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FcmRequest {
  path: string;
  authorization: string | undefined;
  message: {
    token: string;
    notification: { title: string; body: string };
    data: Record<string, string>;
  };
}

export interface FcmAnswer {
  status: number;
  body: unknown;
}

/** FCM's answer for a token it no longer knows. */
export const UNREGISTERED: FcmAnswer = {
  status: 404,
  body: {
    error: {
      code: 404,
      message: 'Requested entity was not found.',
      status: 'NOT_FOUND',
      details: [
        { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
      ],
    },
  },
};

/** FCM's answer for a malformed registration token. */
export const INVALID_TOKEN: FcmAnswer = {
  status: 400,
  body: {
    error: {
      code: 400,
      message: 'The registration token is not a valid FCM registration token',
      status: 'INVALID_ARGUMENT',
      details: [
        { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' },
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [{ field: 'message.token', description: 'Invalid registration token' }],
        },
      ],
    },
  },
};

/** An INVALID_ARGUMENT about the payload, not the token. */
export const INVALID_PAYLOAD: FcmAnswer = {
  status: 400,
  body: {
    error: {
      code: 400,
      message: 'Invalid value at message.data',
      status: 'INVALID_ARGUMENT',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [{ field: 'message.data', description: 'Invalid value' }],
        },
      ],
    },
  },
};

export const UNAVAILABLE: FcmAnswer = {
  status: 503,
  body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } },
};

export class FakeFcm {
  readonly requests: FcmRequest[] = [];
  /** Answers to give, in order, for a token; once used up, 200. */
  private readonly scripted = new Map<string, FcmAnswer[]>();
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  answer(token: string, ...answers: FcmAnswer[]): void {
    this.scripted.set(token, [...(this.scripted.get(token) ?? []), ...answers]);
  }

  sentTo(token: string): FcmRequest[] {
    return this.requests.filter((request) => request.message.token === token);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const reply = (answer: FcmAnswer) => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    };
    if (request.method !== 'POST' || !/^\/v1\/projects\/[^/]+\/messages:send$/.test(request.url ?? '')) {
      return reply({
        status: 404,
        body: { error: { code: 404, status: 'NOT_FOUND', message: 'No such path' } },
      });
    }
    const { message } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      message: FcmRequest['message'];
    };
    this.requests.push({ path: request.url!, authorization: request.headers.authorization, message });
    const next = this.scripted.get(message.token)?.shift();
    reply(next ?? { status: 200, body: { name: `projects/fake/messages/${this.requests.length}` } });
  }
}
