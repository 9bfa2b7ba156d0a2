import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import {
  MESSAGE_REPORT_STATUSES,
  PAGE_SIZE,
  type MessageReportDetail,
  type MessageReportPage,
  type MessageReportReceipt,
  type MessageReportStatus,
  type MessageReportSummary,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { windowOf } from '../common/pagination.dto';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import { DomainEvents } from '../events/domain-events';
import { MessagesService } from '../messages/messages.service';
import { UsersService } from '../users/users.service';
import { ErasureRegistry } from '../users/erasure.registry';
import type { ListMessageReportsQueryDto, ReportMessageDto, UpdateMessageReportDto } from './dto/message-report.dto';
import { MessageReport } from './entities/message-report.entity';
import { SafeguardingException } from './safeguarding.exception';

export const REPORT_RECEIVED =
  "Thank you. Your report was received and will be looked at by the school's safeguarding team.";

/**
 * Reported chat messages: any participant but the sender reports one; the report, with a copy of the messages around
 * it, is the safeguarding leads' work. The one rule for who reads and handles reports is `mayHandle`: a lead, or, while
 * the school has designated none, every admin. The reporter is told it was received, never who handles it.
 */
@Injectable()
export class MessageReportsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(MessageReport) private readonly reports: Repository<MessageReport>,
    private readonly messages: MessagesService,
    private readonly users: UsersService,
    private readonly events: DomainEvents,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly erasure: ErasureRegistry,
  ) {}

  /** Reports the student made, or whose kept messages quote them, are under a legal hold: erasure keeps them. */
  onModuleInit(): void {
    this.erasure.register({
      holds: async (studentId, tx) => ({
        safeguardingReports: await tx
          .withRepository(this.reports)
          .createQueryBuilder('r')
          .where('r.reporterId = :studentId OR r.context LIKE :quoted', { studentId, quoted: `%"${studentId}"%` })
          .getCount(),
      }),
    });
  }

  async report(me: AuthUser, messageId: string, dto: ReportMessageDto): Promise<MessageReportReceipt> {
    const found = await this.messages.reportContext(me, messageId);
    if (await this.reports.existsBy({ messageId, reporterId: me.id })) throw SafeguardingException.alreadyReported();
    const leadIds = await this.users.safeguardingLeadIds();
    const report = this.reports.create({
      messageId,
      conversationType: found.conversationType,
      conversationKey: found.conversationKey,
      label: found.label.slice(0, 254),
      reporterId: me.id,
      reporterName: me.fullName.slice(0, 100),
      reporterRole: me.role,
      reason: dto.reason,
      note: dto.note ?? '',
      context: found.context,
      status: 'open',
      outcome: null,
      handledById: null,
      handledByName: null,
      createdAt: this.clock.now(),
      updatedAt: this.clock.now(),
    });
    await this.db.transaction(async (tx) => {
      await tx.insert(MessageReport, report);
      await this.events.emit(tx, 'message.reported', {
        reportId: report.id,
        reason: report.reason,
        conversation: report.label,
        leadIds,
      });
    });
    return { _id: report.id, createdAt: iso(report.createdAt)!, message: REPORT_RECEIVED };
  }

  async list(me: AuthUser, q: ListMessageReportsQueryDto): Promise<MessageReportPage> {
    const noLeadDesignated = await this.assertHandler(me);
    const { page, limit, skip } = windowOf(q, PAGE_SIZE);
    const [rows, total] = await this.reports.findAndCount({
      where: q.status ? { status: q.status } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      skip,
      take: limit,
    });
    return { reports: rows.map(toSummary), total, page, noLeadDesignated };
  }

  async detail(me: AuthUser, id: string): Promise<MessageReportDetail> {
    await this.assertHandler(me);
    return toDetail(await this.mustFind(id));
  }

  /** Forward only (open → acknowledged → actioned → closed, steps may be skipped); closing needs the outcome. */
  async update(me: AuthUser, id: string, dto: UpdateMessageReportDto): Promise<MessageReportDetail> {
    await this.assertHandler(me);
    await this.db.transaction(async (tx) => {
      const report = await tx.findOneBy(MessageReport, { id });
      if (!report) throw SafeguardingException.reportNotFound();
      if (rank(dto.status) <= rank(report.status)) throw SafeguardingException.transition(report.status, dto.status);
      const outcome = dto.outcome || report.outcome;
      if (dto.status === 'closed' && !outcome) throw SafeguardingException.outcomeRequired();
      // Conditional on the status read: of two leads moving it at once, the second is refused, not silently lost.
      const moved = await tx.update(
        MessageReport,
        { id, status: report.status },
        {
          status: dto.status,
          outcome: outcome ?? null,
          handledById: me.id,
          handledByName: me.fullName.slice(0, 100),
          updatedAt: this.clock.now(),
        },
      );
      if (!moved.affected) throw SafeguardingException.transition(report.status, dto.status);
      await this.audit.record(
        tx,
        me,
        'safeguarding.report',
        { type: 'message-report', id, label: report.label },
        {
          status: { from: report.status, to: dto.status },
          ...(outcome !== report.outcome ? { outcome: { from: report.outcome, to: outcome } } : {}),
        },
      );
    });
    return toDetail(await this.mustFind(id));
  }

  /** A lead, or any admin while none is designated; answers whether none is. */
  private async assertHandler(me: AuthUser): Promise<boolean> {
    if (me.role !== 'admin') throw SafeguardingException.notHandler();
    const leads = await this.users.safeguardingLeadIds();
    if (leads.length && !leads.includes(me.id)) throw SafeguardingException.notHandler();
    return !leads.length;
  }

  private async mustFind(id: string): Promise<MessageReport> {
    const report = await this.reports.findOneBy({ id });
    if (!report) throw SafeguardingException.reportNotFound();
    return report;
  }
}

const rank = (s: MessageReportStatus) => MESSAGE_REPORT_STATUSES.indexOf(s);

function toSummary(r: MessageReport): MessageReportSummary {
  return {
    _id: r.id,
    reason: r.reason,
    note: r.note,
    status: r.status,
    reporter: { _id: r.reporterId, fullName: r.reporterName, role: r.reporterRole },
    conversationType: r.conversationType,
    label: r.label,
    reported: r.context.find((m) => m._id === r.messageId) ?? r.context[0],
    outcome: r.outcome,
    handledBy: r.handledById ? { _id: r.handledById, fullName: r.handledByName ?? '', role: 'admin' } : null,
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
  };
}

const toDetail = (r: MessageReport): MessageReportDetail => ({ ...toSummary(r), context: r.context });
