import { Module } from '@nestjs/common';
import { AttendanceModule } from '../attendance/attendance.module';
import { GroupsController } from './groups.controller';
import { GroupsService } from './groups.service';

@Module({ imports: [AttendanceModule], controllers: [GroupsController], providers: [GroupsService], exports: [GroupsService] })
export class GroupsModule {}
