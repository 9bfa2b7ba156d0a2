import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DataExportRequester, StudentDataExport } from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import { DataExportRegistry, type ExportAudience } from './data-export.registry';
import { UserException } from './user.exception';
import { UsersService } from './users.service';

@Injectable()
export class DataExportService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly registry: DataExportRegistry,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  forStudent(me: AuthUser): Promise<StudentDataExport> {
    return this.collect(me.id, { forStudent: true });
  }

  /** An admin's export, on the student's or a guardian's request: audited by the student's id only. */
  async forAdmin(actor: AuthUser, studentId: string, requestedBy: DataExportRequester): Promise<StudentDataExport> {
    const student = await this.users.findById(studentId);
    if (!student || student.role !== 'mentee') throw UserException.menteeNotFound();
    const data = await this.collect(studentId, { forStudent: false });
    await this.db.transaction((tx) =>
      this.audit.record(
        tx,
        actor,
        'data.export',
        { type: 'user', id: studentId, label: student.fullName },
        { requestedBy: { from: null, to: requestedBy } },
      ),
    );
    return data;
  }

  private async collect(studentId: string, audience: ExportAudience): Promise<StudentDataExport> {
    return {
      generatedAt: iso(this.clock.now())!,
      studentId,
      sections: await this.registry.collect(studentId, audience),
    };
  }
}
