import { Global, Module } from '@nestjs/common';
import { MetricsService } from './metrics.service';

// Global: the modules that own a figure (sockets, the outbox) register their gauges with the one registry.
@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class ObservabilityModule {}
