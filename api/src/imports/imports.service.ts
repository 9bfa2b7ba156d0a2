import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { IMPORT_COLUMNS, IMPORT_EXAMPLE, type ImportKind, type ImportResponse } from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import { PasswordResetService } from '../auth/password-reset.service';
import type { AuthUser } from '../common/auth-user';
import { toCsv } from '../common/csv';
import { GuardiansService, type ImportedStudent, type PlannedGuardian } from '../guardians/guardians.service';
import { AccountImportService, type ImportPlan } from '../users/account-import.service';
import { readCsv } from './csv-file';
import { ImportException } from './import.exception';

/**
 * Onboarding by CSV: a dry run answers what each row would do; the import re-checks the file inside its transaction
 * and writes all of it or, if any row has an error, nothing. New accounts are e-mailed a link to choose a password.
 */
@Injectable()
export class ImportsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly accounts: AccountImportService,
    private readonly welcome: PasswordResetService,
    private readonly audit: AuditService,
    private readonly guardians: GuardiansService,
  ) {}

  template(kind: ImportKind): string {
    const columns = IMPORT_COLUMNS[kind].map((c) => c.name);
    return toCsv(columns, [columns.map((c) => IMPORT_EXAMPLE[kind][c] ?? '')]);
  }

  async run(kind: ImportKind, csv: string, dryRun: boolean, actor: AuthUser): Promise<ImportResponse> {
    const file = readCsv(kind, csv);
    if (dryRun) {
      const plan = await this.accounts.plan(kind, file.records);
      const planned = await this.planGuardians(plan, file.records, this.db.manager);
      return answer(plan, file.errors, {
        dryRun,
        imported: false,
        welcomeEmails: 0,
        guardianInvitations: planned.length,
      });
    }
    return this.db.transaction(async (tx) => {
      const plan = await this.accounts.plan(kind, file.records, tx);
      const planned = await this.planGuardians(plan, file.records, tx);
      const errors = [...file.errors, ...plan.errors].sort((a, b) => a.row - b.row);
      if (errors.length) throw ImportException.invalid(errors);
      const created = await this.accounts.apply(plan, tx, actor);
      const welcomeEmails = await this.welcome.queueWelcomeLinks(tx, created);
      const guardianInvitations = await this.guardians.applyImport(planned, tx, actor);
      const res = answer(plan, [], { dryRun, imported: true, welcomeEmails, guardianInvitations });
      await this.audit.record(
        tx,
        actor,
        'users.import',
        {
          type: 'import',
          id: null,
          label: `${kind}: ${res.counts.create} created, ${res.counts.update} updated`,
        },
        {
          created: { from: null, to: res.counts.create },
          updated: { from: null, to: res.counts.update },
          unchanged: { from: null, to: res.counts.unchanged },
        },
      );
      return res;
    });
  }

  /**
   * The students' guardians (guardianEmail, guardian2Email) the file would link, checked by the guardians module: its
   * refusals become the rows' errors (and so refuse the whole file), its links are listed on their rows.
   */
  private async planGuardians(
    plan: ImportPlan,
    records: ReturnType<typeof readCsv>['records'],
    tx: EntityManager,
  ): Promise<PlannedGuardian[]> {
    if (plan.kind !== 'mentees') return [];
    const rows = new Map(plan.rows.map((r) => [r.row, r]));
    const students: ImportedStudent[] = records.flatMap(({ row, cells }) => {
      const result = rows.get(row);
      const guardians = (['guardianEmail', 'guardian2Email'] as const)
        .map((column) => ({ column, email: (cells[column] ?? '').trim().toLowerCase() }))
        .filter((g) => g.email);
      if (!result || result.action === 'error' || !guardians.length) return [];
      const names = [cells.fatherName, cells.motherName].map((n) => (n ?? '').trim()).filter(Boolean);
      return [{ row, email: result.email, fullName: result.fullName, names, guardians }];
    });
    const { errors, planned } = await this.guardians.planImport(students, tx);
    for (const e of errors) {
      const result = rows.get(e.row)!;
      result.action = 'error';
      result.errors.push(e);
      plan.errors.push(e);
    }
    plan.errors.sort((a, b) => a.row - b.row);
    for (const p of planned) rows.get(p.row)!.guardians.push(p.email);
    return planned.filter((p) => rows.get(p.row)!.action !== 'error');
  }
}

function answer(
  plan: ImportPlan,
  fileErrors: ImportResponse['errors'],
  rest: Pick<ImportResponse, 'dryRun' | 'imported' | 'welcomeEmails' | 'guardianInvitations'>,
): ImportResponse {
  const count = (action: string) => plan.rows.filter((r) => r.action === action).length;
  return {
    kind: plan.kind,
    ...rest,
    counts: {
      rows: plan.rows.length,
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      error: count('error'),
    },
    rows: plan.rows,
    errors: [...fileErrors, ...plan.errors].sort((a, b) => a.row - b.row),
  };
}
