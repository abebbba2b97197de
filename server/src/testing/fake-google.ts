/**
 * A local stand-in for Google's OpenID Connect provider, enough for the browser sign-in: an
 * authorization page (`/authorize`, a small form: Continue or Cancel) that redirects back with a
 * code, a token endpoint (`/token`, checking the client secret, the redirect URI and the PKCE
 * verifier, answering `invalid_grant` as Google does) and the keys (`/jwks`) of a key pair made at
 * start that signs its ID tokens. Server tests and the browser suite sign in through it.
 */
import { escapeHtml } from '../http/html';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface FakeIdentity {
  email: string;
  name?: string;
  /** Defaults to a stable id made from the email. */
  sub?: string;
  emailVerified?: boolean;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  codeChallenge: string;
  identity: FakeIdentity;
  used: boolean;
}

export interface FakeGoogleOptions {
  clientId?: string;
  clientSecret?: string;
  /** Port to listen on (0: any free one). */
  port?: number;
}

const KID = 'fake-google-key';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 64 * 1024) request.destroy(new Error('body too large'));
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

export class FakeGoogle {
  readonly clientId: string;
  readonly clientSecret: string;
  private server: Server | null = null;
  private keys!: { privateKey: CryptoKey; jwk: JWK };
  private foreignKey!: CryptoKey;
  private readonly codes = new Map<string, PendingCode>();
  /** Token requests received, for assertions. */
  readonly tokenRequests: Record<string, string>[] = [];
  /** The next token answer, instead of the normal one (then cleared): Google failing. */
  nextTokenAnswer: { status: number; body: string } | null = null;
  /** Claims merged into the next ID token (then cleared): a token for another audience, say. */
  nextClaims: Record<string, unknown> | null = null;
  /** Signs the next ID token with a key the JWKS does not hold. */
  signNextWithForeignKey = false;
  /** Answer /jwks with 500: the keys cannot be fetched. */
  jwksDown = false;
  url = '';

  constructor(private readonly options: FakeGoogleOptions = {}) {
    this.clientId = options.clientId ?? 'spar-test.apps.googleusercontent.com';
    this.clientSecret = options.clientSecret ?? 'fake-google-secret';
  }

  async start(): Promise<this> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    this.keys = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' } };
    this.foreignKey = (await generateKeyPair('RS256')).privateKey;
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The server environment that points Google sign-in here. */
  env(): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: this.clientId,
      GOOGLE_CLIENT_SECRET: this.clientSecret,
      GOOGLE_AUTH_URL: `${this.url}/authorize`,
      GOOGLE_TOKEN_URL: `${this.url}/token`,
      GOOGLE_JWKS_URL: `${this.url}/jwks`,
      GOOGLE_ISSUER: this.url,
    };
  }

  /**
   * What the person's browser would do at the authorization URL: approve as `identity` and follow
   * the redirect. Returns the URL Google sends the browser back to (redirect_uri?state&code).
   */
  approve(authorizationUrl: string, identity: FakeIdentity): URL {
    const params = new URL(authorizationUrl).searchParams;
    const redirect = this.issue(params, identity);
    if (!redirect) throw new Error('the fake refused this authorization request');
    return redirect;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** A code for a valid authorization request, or null when the request is not one. */
  private issue(params: URLSearchParams, identity: FakeIdentity): URL | null {
    const redirectUri = params.get('redirect_uri');
    const codeChallenge = params.get('code_challenge');
    if (params.get('client_id') !== this.clientId || !redirectUri || !codeChallenge) return null;
    if (params.get('response_type') !== 'code' || params.get('code_challenge_method') !== 'S256') return null;
    const code = `4/${randomBytes(24).toString('base64url')}`;
    this.codes.set(code, {
      clientId: this.clientId,
      redirectUri,
      nonce: params.get('nonce'),
      codeChallenge,
      identity,
      used: false,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('state', params.get('state') ?? '');
    back.searchParams.set('code', code);
    return back;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    if (request.method === 'GET' && url.pathname === '/jwks') {
      if (this.jwksDown) return this.send(response, 500, 'text/plain', 'down');
      return this.send(response, 200, 'application/json', JSON.stringify({ keys: [this.keys.jwk] }));
    }
    if (request.method === 'GET' && url.pathname === '/authorize') return this.authorizePage(url, response);
    if (request.method === 'POST' && url.pathname === '/authorize') {
      const form = new URLSearchParams(await readBody(request));
      const params = new URLSearchParams(form.get('request') ?? '');
      if (form.get('action') === 'cancel') {
        const back = new URL(params.get('redirect_uri') ?? this.url);
        back.searchParams.set('state', params.get('state') ?? '');
        back.searchParams.set('error', 'access_denied');
        return this.redirect(response, back);
      }
      const email = form.get('email') ?? '';
      const back = this.issue(params, { email, name: form.get('name') || undefined, emailVerified: true });
      if (!back || !email) return this.send(response, 400, 'text/plain', 'invalid_request');
      return this.redirect(response, back);
    }
    if (request.method === 'POST' && url.pathname === '/token') return this.token(request, response);
    this.send(response, 404, 'text/plain', 'not found');
  }

  private authorizePage(url: URL, response: ServerResponse): void {
    const request = escapeHtml(url.searchParams.toString());
    const valid = url.searchParams.get('client_id') === this.clientId;
    const html = valid
      ? `<!doctype html><title>Sign in - Fake Google</title>
<form method="post" action="/authorize">
<input type="hidden" name="request" value="${request}">
<label>Email <input name="email" value="player@example.com"></label>
<label>Name <input name="name" value="Google Player"></label>
<button name="action" value="continue">Continue</button>
<button name="action" value="cancel">Cancel</button>
</form>`
      : '<!doctype html><p>Error 401: invalid_client</p>';
    this.send(response, valid ? 200 : 401, 'text/html; charset=utf-8', html);
  }

  private async token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    this.tokenRequests.push(form);
    if (this.nextTokenAnswer) {
      const answer = this.nextTokenAnswer;
      this.nextTokenAnswer = null;
      return this.send(response, answer.status, 'application/json', answer.body);
    }
    const error = (status: number, code: string) =>
      this.send(response, status, 'application/json', JSON.stringify({ error: code }));
    if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret)
      return error(401, 'invalid_client');
    if (form.grant_type !== 'authorization_code') return error(400, 'unsupported_grant_type');
    const pending = this.codes.get(form.code ?? '');
    const challenge = createHash('sha256')
      .update(form.code_verifier ?? '')
      .digest('base64url');
    if (
      !pending ||
      pending.used ||
      pending.redirectUri !== form.redirect_uri ||
      pending.codeChallenge !== challenge
    )
      return error(400, 'invalid_grant');
    pending.used = true;
    const identity = pending.identity;
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: this.url,
      aud: pending.clientId,
      sub: identity.sub ?? `sub-${createHash('sha256').update(identity.email).digest('hex').slice(0, 20)}`,
      iat: now,
      exp: now + 3600,
      email: identity.email,
      email_verified: identity.emailVerified ?? true,
      ...(identity.name ? { name: identity.name } : {}),
      ...(pending.nonce ? { nonce: pending.nonce } : {}),
      ...this.nextClaims,
    };
    this.nextClaims = null;
    const key = this.signNextWithForeignKey ? this.foreignKey : this.keys.privateKey;
    this.signNextWithForeignKey = false;
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .sign(key);
    this.send(
      response,
      200,
      'application/json',
      JSON.stringify({
        access_token: 'fake-access',
        token_type: 'Bearer',
        expires_in: 3599,
        id_token: idToken,
      }),
    );
  }

  private redirect(response: ServerResponse, to: URL): void {
    response.writeHead(302, { location: to.toString() });
    response.end();
  }

  private send(response: ServerResponse, status: number, type: string, body: string): void {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  }
}
