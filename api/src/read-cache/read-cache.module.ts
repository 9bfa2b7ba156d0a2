import { Global, Module } from '@nestjs/common';
import { ReadCache } from './read-cache.service';

// The writes retire entries through a fastify hook (read-cache.hook.ts, installed by createApp).
@Global()
@Module({ providers: [ReadCache], exports: [ReadCache] })
export class ReadCacheModule {}
