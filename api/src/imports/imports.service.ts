import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IMPORT_COLUMNS, IMPORT_EXAMPLE, type ImportKind, type ImportResponse } from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import { PasswordResetService } from '../auth/password-reset.service';
import type { AuthUser } from '../common/auth-user';
import { toCsv } from '../common/csv';
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
  ) {}

  template(kind: ImportKind): string {
    const columns = IMPORT_COLUMNS[kind].map((c) => c.name);
    return toCsv(columns, [columns.map((c) => IMPORT_EXAMPLE[kind][c] ?? '')]);
  }

  async run(kind: ImportKind, csv: string, dryRun: boolean, actor: AuthUser): Promise<ImportResponse> {
    const file = readCsv(kind, csv);
    if (dryRun) {
      const plan = await this.accounts.plan(kind, file.records);
      return answer(plan, file.errors, { dryRun, imported: false, welcomeEmails: 0 });
    }
    return this.db.transaction(async (tx) => {
      const plan = await this.accounts.plan(kind, file.records, tx);
      const errors = [...file.errors, ...plan.errors].sort((a, b) => a.row - b.row);
      if (errors.length) throw ImportException.invalid(errors);
      const created = await this.accounts.apply(plan, tx, actor);
      const welcomeEmails = await this.welcome.queueWelcomeLinks(tx, created);
      const res = answer(plan, [], { dryRun, imported: true, welcomeEmails });
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
}

function answer(
  plan: ImportPlan,
  fileErrors: ImportResponse['errors'],
  rest: Pick<ImportResponse, 'dryRun' | 'imported' | 'welcomeEmails'>,
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
