import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DisclosureInterceptor } from './disclosure.interceptor';
import { DisclosuresController } from './disclosures.controller';
import { DisclosuresService } from './disclosures.service';
import { Disclosure } from './entities/disclosure.entity';

/** The disclosure log: routes marked @Discloses are recorded by one interceptor, whichever module owns them. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Disclosure])],
  controllers: [DisclosuresController],
  providers: [DisclosuresService, { provide: APP_INTERCEPTOR, useClass: DisclosureInterceptor }],
  exports: [DisclosuresService],
})
export class DisclosuresModule {}
