import { Global, Module } from '@nestjs/common';
import { SessionsService } from './sessions.service';

/** Global: every module that ends sessions (auth, users) injects SessionsService without importing this folder's module. */
@Global()
@Module({ providers: [SessionsService], exports: [SessionsService] })
export class SessionsModule {}
