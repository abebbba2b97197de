/**
 * A local stand-in for Paystack's REST API, speaking its documented JSON: `{status, message,
 * data}` envelopes, POST /transaction/initialize and GET /transaction/verify/:reference behind a
 * bearer secret key. Tests decide each transaction's outcome and may make it slow.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTransaction {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string;
  /** Paystack's own states: a fresh transaction is `abandoned` until the customer pays. */
  status: 'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'reversed';
  /** What verify reports as paid (defaults to what was asked). */
  paidAmount?: number;
  paidCurrency?: string;
}

export class FakePaystack {
  readonly transactions = new Map<string, FakeTransaction>();
  readonly initializeBodies: Record<string, unknown>[] = [];
  verifyCalls = 0;
  /** Every answer waits this long first (to exceed the adapter's timeout). */
  delayMs = 0;
  private server: Server | undefined;
  private timers = new Set<NodeJS.Timeout>();

  constructor(readonly secretKey = 'sk_test_fake_0123456789') {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Sets what Paystack will say about a transaction. */
  settle(reference: string, change: Partial<FakeTransaction>): void {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`fake Paystack knows no ${reference}`);
    Object.assign(transaction, change);
  }

  /** A webhook body and the signature Paystack would send with it. */
  webhook(event: string, reference: string, secret = this.secretKey): { body: string; signature: string } {
    const transaction = this.transactions.get(reference);
    const body = JSON.stringify({
      event,
      data: {
        id: 4099260516,
        status: 'success',
        reference,
        amount: transaction?.amount ?? 100,
        currency: transaction?.currency ?? 'NGN',
        gateway_response: 'Successful',
        customer: { email: transaction?.email ?? 'someone@example.com' },
      },
    });
    return { body, signature: createHmac('sha512', secret).update(body).digest('hex') };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (this.delayMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          resolve();
        }, this.delayMs);
        this.timers.add(timer);
      });
    }
    const send = (status: number, body: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${this.secretKey}`)
      return send(401, { status: false, message: 'Invalid key' });

    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && url.pathname === '/transaction/initialize') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      this.initializeBodies.push(body);
      const reference = String(body.reference);
      if (this.transactions.has(reference))
        return send(400, { status: false, message: 'Duplicate Transaction Reference' });
      const accessCode = `ac_${this.transactions.size + 1}`;
      this.transactions.set(reference, {
        reference,
        amount: Number(body.amount),
        currency: String(body.currency),
        email: String(body.email),
        callbackUrl: String(body.callback_url),
        status: 'abandoned',
      });
      return send(200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.paystack.com/${accessCode}`,
          access_code: accessCode,
          reference,
        },
      });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && verify) {
      this.verifyCalls++;
      const transaction = this.transactions.get(decodeURIComponent(verify[1]!));
      if (!transaction)
        return send(400, {
          status: false,
          message: 'Transaction reference not found',
          type: 'validation_error',
          code: 'transaction_not_found',
        });
      return send(200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: 4099260516,
          domain: 'test',
          status: transaction.status,
          reference: transaction.reference,
          amount: transaction.paidAmount ?? transaction.amount,
          currency: transaction.paidCurrency ?? transaction.currency,
          gateway_response: transaction.status === 'success' ? 'Successful' : 'Declined',
          channel: 'card',
          customer: { email: transaction.email },
        },
      });
    }
    return send(404, { status: false, message: 'Not found' });
  }
}
