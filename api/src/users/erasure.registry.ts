import { Injectable } from '@nestjs/common';
import type { ErasureHolds, ErasureMention } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { Removed } from './account-cleanup.registry';

/** The student being erased: their id, their name (what mentions are searched for) and every personal value. */
export interface ErasureSubject {
  id: string;
  fullName: string;
  /** Name, e-mail, phone, student id, address, date of birth, medical notes, parents' names and numbers. */
  values: string[];
}

/**
 * What a module does when a student is erased, beside removing their rows (AccountCleanupRegistry): say what a legal
 * hold keeps, list others' free text that names them, and anonymise their values in the rows that remain (system
 * text such as notifications and the audit log), all in its own tables.
 */
export interface ErasureStep {
  holds?: (studentId: string, tx: EntityManager) => Promise<Partial<ErasureHolds>>;
  mentions?: (subject: ErasureSubject) => Promise<ErasureMention[]>;
  scrub?: (subject: ErasureSubject, tx: EntityManager) => Promise<Removed>;
}

/** Each module registers its step in onModuleInit; AdminUsersService runs them for the preview and the erasure. */
@Injectable()
export class ErasureRegistry {
  private readonly steps: ErasureStep[] = [];

  register(step: ErasureStep): void {
    this.steps.push(step);
  }

  async holds(studentId: string, tx: EntityManager): Promise<ErasureHolds> {
    const holds: ErasureHolds = { openGrievances: 0, withheldGrievances: 0, safeguardingReports: 0, keptChats: 0 };
    for (const step of this.steps) if (step.holds) Object.assign(holds, await step.holds(studentId, tx));
    return holds;
  }

  /** Newest first. */
  async mentions(subject: ErasureSubject): Promise<ErasureMention[]> {
    const all: ErasureMention[] = [];
    for (const step of this.steps) if (step.mentions) all.push(...(await step.mentions(subject)));
    return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  }

  async scrub(subject: ErasureSubject, tx: EntityManager): Promise<Removed> {
    const done: Removed = {};
    for (const step of this.steps) if (step.scrub) Object.assign(done, await step.scrub(subject, tx));
    return done;
  }
}
