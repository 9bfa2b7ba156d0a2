import { Injectable } from '@nestjs/common';
import type { Role } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/** What a module removed for the account, by name (e.g. { leaveRequests: 3 }): the delete answer lists these. */
export type Removed = Record<string, number>;
export type AccountCleanup = (user: { id: string; role: Role }, tx: EntityManager) => Promise<Removed>;

/**
 * When each module removes its rows: rows that point at others' go first. Before all of them, the users module takes
 * a deleted mentor's mentees off that mentor through its one mentor change (ProfilesService.changeMentors: audited,
 * and 'mentor.changed' takes them out of the mentor's groups), which needs the acting admin these steps are not given.
 */
export const CLEANUP_ORDER = {
  messages: 20,
  groups: 30,
  attendance: 40,
  leaves: 50,
  grievances: 60,
  announcements: 70,
  passwordResets: 80,
  guardianLinks: 90,
  guardianConsents: 95,
} as const;

/**
 * Account deletion without the users module reaching into other modules' tables: each module registers, in its
 * onModuleInit, what it removes for a user; AdminUsersService runs every step in the one transaction of the delete.
 */
@Injectable()
export class AccountCleanupRegistry {
  private readonly steps: { order: number; run: AccountCleanup }[] = [];

  register(order: number, run: AccountCleanup): void {
    this.steps.push({ order, run });
    this.steps.sort((a, b) => a.order - b.order);
  }

  async run(user: { id: string; role: Role }, tx: EntityManager): Promise<Removed> {
    const removed: Removed = {};
    for (const step of this.steps) Object.assign(removed, await step.run(user, tx));
    return removed;
  }
}
