import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';

/** The clock, for every module (global): one instance, so a test that sets it sets it everywhere. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class DatesModule {}
