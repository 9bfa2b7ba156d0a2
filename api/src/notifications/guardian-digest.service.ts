import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { And, DataSource, IsNull, LessThan, LessThanOrEqual, MoreThan, type Repository } from 'typeorm';
import { CalendarService } from '../calendar/calendar.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PeriodicSweep } from '../common/periodic-sweep';
import { render } from '../i18n/texts';
import { UserDirectory } from '../users/user-directory.service';
import { GuardianMailSetting, Notification } from './entities/notification.entity';
import { MailDeliveryService } from './mail-delivery.service';
import { NotificationsService } from './notifications.service';

/** A first digest tells of the day before it at most. */
const FIRST_DIGEST_SPAN_MS = 86_400_000;

/**
 * Guardians who chose a daily digest get one e-mail at the school's digest time: what their inbox got since the last
 * one (none when nothing came). A timer of each instance looks for digests due; each guardian's is claimed by a
 * conditional update of their last digest time, so two instances never write it twice. Optional e-mail: sent only
 * with the guardian's consent for every child of theirs; it waits for the end of the school's quiet hours.
 */
@Injectable()
export class GuardianDigestService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly sweeps = new PeriodicSweep(
    new Logger('GuardianDigest'),
    'digest sweep',
    () => this.sendDue(),
    (n) => `wrote ${n} guardian digest(s)`,
  );

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(GuardianMailSetting) private readonly settings: Repository<GuardianMailSetting>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly calendar: CalendarService,
    private readonly mail: MailDeliveryService,
    private readonly notifications: NotificationsService,
    private readonly directory: UserDirectory,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps.start(this.config.digestSweepMs);
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeps.stop();
  }

  /** Every digest due at the latest digest time: how many were written. */
  async sendDue(): Promise<number> {
    const due = await this.calendar.lastDigestTime();
    const waiting = await this.settings.find({
      where: [
        { delivery: 'digest', lastDigestAt: IsNull() },
        { delivery: 'digest', lastDigestAt: LessThan(due) },
      ],
    });
    let written = 0;
    for (const s of waiting) if (await this.digestOf(s.userId, s.lastDigestAt, due)) written++;
    return written;
  }

  private digestOf(userId: string, since: Date | null, due: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx.update(
        GuardianMailSetting,
        { userId, delivery: 'digest', lastDigestAt: since ?? IsNull() },
        { lastDigestAt: due },
      );
      if (!claimed.affected) return false;
      const from = since ?? new Date(due.getTime() - FIRST_DIGEST_SPAN_MS);
      const rows = await tx.find(Notification, {
        where: { userId, createdAt: And(MoreThan(from), LessThanOrEqual(due)) },
        order: { createdAt: 'ASC', id: 'ASC' },
      });
      if (!rows.length || !(await this.notifications.familyMayBeMailedAll(tx, userId))) return false;
      const [to] = await this.directory.contacts(tx, [userId]);
      if (!to) return false;
      const items = rows.map((n) => ({
        title: n.message ? render(n.message.title, to.language, n.title) : n.title,
        body: n.message ? render(n.message.body, to.language, n.body) : n.body,
      }));
      return !!(await this.mail.queueDigest(tx, to, items, due, await this.calendar.quietUntil()));
    });
  }
}
