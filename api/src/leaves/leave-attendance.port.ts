import type { EntityManager } from 'typeorm';
import type { LeaveImpact } from '@portal/contracts';

/**
 * What the leaves module asks of the register (the attendance module provides it at start-up: leaves does not depend
 * on attendance, attendance depends on leaves). Every write runs in the caller's transaction.
 */
export interface LeaveAttendance {
  /**
   * Marks each of `dates` 'leave' for the mentee, remembering what each day was. Days marked present or late are the
   * conflict: without `presentDays` they are answered and nothing is written; 'keep' leaves them, 'overwrite' marks them.
   */
  apply(
    tx: EntityManager,
    leave: { id: string; menteeId: string; dates: string[]; markedById: string },
    presentDays: 'keep' | 'overwrite' | undefined,
  ): Promise<{ conflicts: string[] }>;
  /** Puts back what each day was before the leave marked it (days changed since are left as they are). */
  restore(tx: EntityManager, leaveId: string): Promise<void>;
  /** The headline before and after counting these (school) dates as days not attended. */
  impact(menteeId: string, dates: string[]): Promise<Omit<LeaveImpact, 'schoolDays'>>;
  /**
   * For each leave (a mentee and its school dates): its `impact`, and the dates the mentee is marked present or late
   * on (by date), in a fixed number of statements whatever the number of leaves (the deciders' lists). With
   * `mentorId`, every leave is of that mentor's students: the summaries are the mentor's kept ones.
   */
  forDeciders(
    leaves: { menteeId: string; dates: string[] }[],
    mentorId?: string,
  ): Promise<{ impact: Omit<LeaveImpact, 'schoolDays'>; presentDays: string[] }[]>;
}
