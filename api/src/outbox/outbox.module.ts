import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxJob } from './outbox-job.entity';
import { OutboxService } from './outbox.service';

@Module({ imports: [TypeOrmModule.forFeature([OutboxJob])], providers: [OutboxService], exports: [OutboxService] })
export class OutboxModule {}
