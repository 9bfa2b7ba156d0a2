import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { RiskSettings } from '@portal/contracts';
import { DataSource, type Repository } from 'typeorm';
import { AuditService, diff } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import type { UpdateRiskSettingsDto } from './dto/followup.dto';
import { RiskSettingsRow } from './entities/followup.entity';
import { FollowupException } from './followup.exception';
import { RiskEvaluation } from './risk-evaluation.service';

/** The early-warning thresholds (one row; the defaults until an admin first saves them). */
@Injectable()
export class RiskSettingsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(RiskSettingsRow) private readonly rows: Repository<RiskSettingsRow>,
    private readonly audit: AuditService,
    private readonly evaluation: RiskEvaluation,
  ) {}

  async settings(): Promise<RiskSettings> {
    return this.evaluation.settings();
  }

  /** New thresholds apply to every student: all are re-evaluated after the change commits. */
  async update(me: AuthUser, dto: UpdateRiskSettingsDto): Promise<RiskSettings> {
    const changes = Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined)) as Partial<RiskSettings>;
    if (!Object.keys(changes).length) throw FollowupException.nothingToUpdate();
    await this.db.transaction(async (tx) => {
      const before = await this.settings();
      const after = { ...before, ...changes };
      await tx.withRepository(this.rows).save(tx.create(RiskSettingsRow, { id: 1, ...after }));
      await this.audit.record(
        tx,
        me,
        'followup.settings.update',
        { type: 'settings', id: null, label: 'Risk signal thresholds' },
        diff(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>),
      );
      await this.evaluation.queueEveryone(tx);
    });
    return this.settings();
  }
}
