import { Global, Module } from '@nestjs/common';
import { DomainEvents } from './domain-events';

/** The domain event bus, one per application (global: every module may emit or listen). */
@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class EventsModule {}
