import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { InvalidateReadCacheInterceptor } from './read-cache.interceptor';
import { ReadCache } from './read-cache.service';

@Global()
@Module({ providers: [ReadCache, { provide: APP_INTERCEPTOR, useClass: InvalidateReadCacheInterceptor }], exports: [ReadCache] })
export class ReadCacheModule {}
