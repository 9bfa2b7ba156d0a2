import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import { PAGE_SIZE, type DisclosureEntry, type DisclosurePage, type PageQuery } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { windowOf } from '../common/pagination.dto';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import type { Disclosed } from './discloses.decorator';
import { Disclosure } from './entities/disclosure.entity';
import { RetentionRegistry } from '../retention/retention.registry';

/** The disclosure log: who looked at which student's sensitive records, and when. */
@Injectable()
export class DisclosuresService implements OnModuleInit {
  constructor(
    @InjectRepository(Disclosure) private readonly log: Repository<Disclosure>,
    private readonly clock: Clock,
    private readonly retention: RetentionRegistry,
  ) {}

  onModuleInit(): void {
    this.retention.register('disclosureLog', {
      count: (cutoff) => this.log.countBy({ createdAt: LessThan(cutoff) }),
      purge: async (tx, cutoff) => (await tx.delete(Disclosure, { createdAt: LessThan(cutoff) })).affected ?? 0,
    });
  }

  async record(viewer: AuthUser, shown: Disclosed[]): Promise<void> {
    if (!shown.length) return;
    const at = this.clock.now();
    await this.log.insert(
      shown.map((d) =>
        this.log.create({
          viewerId: viewer.id,
          viewerName: viewer.fullName.slice(0, 100),
          viewerRole: viewer.role,
          menteeId: d.menteeId,
          record: d.record,
          recordId: d.recordId ?? null,
          fields: d.fields,
          students: d.students ?? 1,
          safeguarding: !!d.safeguarding,
          createdAt: at,
        }),
      ),
    );
  }

  /** Every recorded view of this student's records, newest first; a student's own view leaves safeguarding reads out. */
  async pageFor(menteeId: string, q: PageQuery, opts: { safeguarding: boolean }): Promise<DisclosurePage> {
    const { page, limit, skip } = windowOf(q, PAGE_SIZE);
    const [rows, total] = await this.log.findAndCount({
      where: opts.safeguarding ? { menteeId } : { menteeId, safeguarding: false },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip,
      take: limit,
    });
    return { entries: rows.map(toEntry), total, page };
  }
}

function toEntry(d: Disclosure): DisclosureEntry {
  return {
    _id: d.id,
    viewer: { _id: d.viewerId, fullName: d.viewerName, role: d.viewerRole },
    record: d.record,
    recordId: d.recordId,
    fields: d.fields,
    students: d.students,
    createdAt: iso(d.createdAt)!,
  };
}
