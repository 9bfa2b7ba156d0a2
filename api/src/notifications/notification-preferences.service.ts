import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  EMAIL_DEFAULTS,
  NOTIFICATION_KINDS,
  type GuardianDelivery,
  type NotificationKind,
  type NotificationPreferences,
} from '@portal/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { GuardianMailSetting, NotificationPreference } from './entities/notification.entity';

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

  /** A guardian's choice of how their e-mails come ('now' until they choose). */
  async delivery(userId: string): Promise<GuardianDelivery> {
    return (await this.db.manager.findOneBy(GuardianMailSetting, { userId }))?.delivery ?? 'now';
  }

  async setDelivery(userId: string, delivery: GuardianDelivery): Promise<GuardianDelivery> {
    await this.db.transaction(async (tx) => {
      const done = await tx.update(GuardianMailSetting, { userId }, { delivery });
      if (!done.affected)
        await tx
          .createQueryBuilder()
          .insert()
          .into(GuardianMailSetting)
          .values({ userId, delivery, lastDigestAt: null })
          .orUpdate(['delivery'], ['userId'])
          .execute();
    });
    return this.delivery(userId);
  }

  /** These guardians' choices, in the caller's transaction ('now' for those who chose nothing). */
  async deliveries(tx: EntityManager, userIds: string[]): Promise<Map<string, GuardianDelivery>> {
    const rows = userIds.length ? await tx.findBy(GuardianMailSetting, { userId: In(userIds) }) : [];
    const chosen = new Map(rows.map((r) => [r.userId, r.delivery]));
    return new Map(userIds.map((id) => [id, chosen.get(id) ?? 'now']));
  }

  /** Those of these users who want this kind by e-mail, in the caller's transaction. */
  async wantingEmail(tx: EntityManager, userIds: string[], kind: NotificationKind): Promise<string[]> {
    const prefs = new Map(
      (await tx.find(NotificationPreference, { where: { userId: In(userIds), kind } })).map((p) => [p.userId, p.email]),
    );
    return userIds.filter((id) => prefs.get(id) ?? EMAIL_DEFAULTS[kind]);
  }
}
