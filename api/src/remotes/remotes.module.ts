import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { RemoteVersion } from './remote-version.entity';
import { RemotesAdmin } from './remotes-admin';
import { RemotesController } from './remotes.controller';
import { RemotesService } from './remotes.service';

@Module({
  imports: [TypeOrmModule.forFeature([RemoteVersion]), AuditModule],
  controllers: [RemotesController],
  providers: [RemotesService, RemotesAdmin],
  exports: [RemotesService, RemotesAdmin],
})
export class RemotesModule {}
