import net from 'node:net';

/**
 * A TCP proxy for tests: clients connect to `port` and are piped to the target. `pause()` cuts
 * every open connection and refuses new ones, as if the server were unreachable; `resume()` listens
 * again on the same port. Used to make Redis briefly unavailable without stopping the shared
 * server other tests use.
 */
export class TcpProxy {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private paused = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = net.createServer((client) => this.pipe(client));
  }

  /** A proxy for the server of a `redis://host:port` style URL, returning the same URL via the proxy. */
  static forUrl(url: string): { proxy: TcpProxy; url: () => string } {
    const parsed = new URL(url);
    const proxy = new TcpProxy(parsed.hostname, Number(parsed.port || 6379));
    return {
      proxy,
      url: () => {
        const through = new URL(url);
        through.hostname = '127.0.0.1';
        through.port = String(proxy.port);
        return through.toString();
      },
    };
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** Cuts every connection and stops listening: new connections are refused, like a dead server. */
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.server.close();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Listens again on the same port. */
  async resume(): Promise<void> {
    if (!this.paused) return;
    this.paused = false;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    const wasPaused = this.paused;
    this.pause();
    if (!wasPaused) await new Promise<void>((resolve) => this.server.once('close', () => resolve()));
  }

  private pipe(client: net.Socket): void {
    if (this.paused) {
      client.destroy();
      return;
    }
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.sockets.add(client);
    this.sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
