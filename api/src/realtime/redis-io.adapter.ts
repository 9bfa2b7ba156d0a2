import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Server, ServerOptions } from 'socket.io';
import { redisOptions } from '../config/redis-options';

/**
 * socket.io over Redis pub/sub: with several API instances behind one URL, an event emitted on one instance reaches
 * sockets connected to any of them.
 */
export class RedisIoAdapter extends IoAdapter {
  private adapter?: ReturnType<typeof createAdapter>;
  private clients: ReturnType<typeof createClient>[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {
    super(app);
  }

  async connect(): Promise<void> {
    const pub = createClient(redisOptions(this.url, this.timeoutMs));
    const sub = pub.duplicate();
    pub.on('error', (e) => console.error('Redis (pub):', e.message));
    sub.on('error', (e) => console.error('Redis (sub):', e.message));
    await Promise.all([pub.connect(), sub.connect()]);
    this.clients = [pub, sub];
    this.adapter = createAdapter(pub, sub);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, options);
    if (this.adapter) server.adapter(this.adapter);
    return server;
  }

  async close(server: Server): Promise<void> {
    await super.close(server);
    await Promise.all(this.clients.map((c) => c.quit().catch(() => undefined)));
  }
}
