import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  EMAIL_DEFAULTS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '@portal/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { NotificationPreference } from './entities/notification.entity';

/** Each person's choice of which notifications also come by e-mail; EMAIL_DEFAULTS where they chose nothing. */
@Injectable()
export class NotificationPreferencesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(NotificationPreference) private readonly prefs: Repository<NotificationPreference>,
  ) {}

  async preferences(userId: string): Promise<NotificationPreferences> {
    const rows = await this.prefs.findBy({ userId });
    const email = { ...EMAIL_DEFAULTS };
    for (const r of rows) if ((NOTIFICATION_KINDS as readonly string[]).includes(r.kind)) email[r.kind] = r.email;
    return { email };
  }

  async setPreferences(
    me: AuthUser,
    email: Partial<Record<NotificationKind, boolean>>,
  ): Promise<NotificationPreferences> {
    await this.db.transaction(async (tx) => {
      for (const [kind, value] of Object.entries(email) as [NotificationKind, boolean | undefined][]) {
        if (typeof value !== 'boolean') continue;
        const res = await tx.update(NotificationPreference, { userId: me.id, kind }, { email: value });
        if (!res.affected)
          await tx
            .createQueryBuilder()
            .insert()
            .into(NotificationPreference)
            .values({ id: randomUUID(), userId: me.id, kind, email: value })
            .orUpdate(['email'], ['userId', 'kind'])
            .execute();
      }
    });
    return this.preferences(me.id);
  }

  /** Those of these users who want this kind by e-mail, in the caller's transaction. */
  async wantingEmail(tx: EntityManager, userIds: string[], kind: NotificationKind): Promise<string[]> {
    const prefs = new Map(
      (await tx.find(NotificationPreference, { where: { userId: In(userIds), kind } })).map((p) => [p.userId, p.email]),
    );
    return userIds.filter((id) => prefs.get(id) ?? EMAIL_DEFAULTS[kind]);
  }
}
