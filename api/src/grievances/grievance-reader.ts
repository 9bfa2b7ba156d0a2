import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, type Repository } from 'typeorm';
import type { GrievanceResponse, GrievanceStatus } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { LIKE_ESCAPE, containing } from '../common/like';
import { selectRow } from '../common/raw-row';
import type { GrievanceFiltersDto } from './dto/list-grievances.query.dto';
import { Grievance } from './entities/grievance.entity';
import { GrievanceException } from './grievance.exception';
import { MENTOR_SEES_SQL, NAME_SHOWN_SQL, existsFor, maySee } from './grievance-visibility';
import { GRIEVANCE_ROW, toGrievanceResponse, type GrievanceRow } from './grievance.mapper';

/** Whose grievances a list holds: one student's, one mentor's mentees' (no confidential ones), or all. */
export type GrievanceScope =
  { kind: 'mentee'; menteeId: string } | { kind: 'mentor'; mentorId: string } | { kind: 'admin' };

/** A grievance still being handled: the escalation sweep, the open counts and early warning read these. */
export const OPEN_STATUSES: GrievanceStatus[] = ['pending', 'in-progress'];

/**
 * Grievances read as one flat row each (grievance.mapper.ts), for the workflow, the comments and the reports alike,
 * and the one way a person opens a single grievance: through the visibility rule (grievance-visibility.ts).
 */
@Injectable()
export class GrievanceReader {
  constructor(@InjectRepository(Grievance) private readonly grievances: Repository<Grievance>) {}

  /**
   * Grievances with their mentees, newest first, as leaves are read. Left joins: an erased student's open grievance,
   * kept under a legal hold, has no student any more and stays in the admins' list with the name as filed.
   */
  query(scope: GrievanceScope, q: GrievanceFiltersDto) {
    const qb = selectRow(
      this.grievances.createQueryBuilder('g').leftJoin('g.mentee', 'mentee').leftJoin('mentee.user', 'mu'),
      GRIEVANCE_ROW,
    )
      .orderBy('g.createdAt', 'DESC')
      .addOrderBy('g.id', 'ASC');
    if (scope.kind === 'mentee') qb.andWhere('g.menteeId = :menteeId', { menteeId: scope.menteeId });
    // Confidential grievances are the administrators' only: never in a mentor's list.
    if (scope.kind === 'mentor') qb.andWhere(MENTOR_SEES_SQL('g', 'mentee'), { mentorId: scope.mentorId });
    if (q.status) qb.andWhere('g.status = :status', { status: q.status });
    if (scope.kind === 'admin' && q.category) qb.andWhere('g.category = :category', { category: q.category });
    if (scope.kind === 'admin' && q.search) {
      const term = containing(q.search);
      const like = (column: string) => `LOWER(${column}) LIKE :term ${LIKE_ESCAPE}`;
      qb.andWhere(
        new Brackets((w) =>
          w
            // A withheld name is not searchable either (a match would give the student away).
            .where(`${NAME_SHOWN_SQL('g')} AND ${like('mu.fullName')}`, { term })
            .orWhere(like('g.subject'), { term })
            .orWhere(like('g.ticketNumber'), { term })
            .orWhere(like('g.grievanceType'), { term })
            .orWhere(like('g.category'), { term }),
        ),
      );
    }
    return qb;
  }

  /** One grievance whoever asks (callers check who may see it), in the caller's transaction when given. */
  async row(id: string, tx?: EntityManager): Promise<GrievanceRow> {
    const qb = this.query({ kind: 'admin' }, {}).andWhere('g.id = :id', { id });
    if (tx) qb.setQueryRunner(tx.queryRunner!);
    const g = await qb.getRawOne<GrievanceRow>();
    if (!g) throw GrievanceException.notFound();
    return g;
  }

  /** One grievance as this viewer's role sees it (a withheld name hidden from staff). */
  async one(id: string, viewer: AuthUser['role']): Promise<GrievanceResponse> {
    return toGrievanceResponse(await this.row(id), viewer);
  }

  /** One grievance this person may see: a mentor's confidential one is not found, another's is refused. */
  async loadVisible(me: AuthUser, id: string): Promise<GrievanceRow> {
    const g = await this.row(id);
    if (!existsFor(me, g)) throw GrievanceException.notFound();
    if (!maySee(me, g)) throw GrievanceException.notVisible(me.role);
    return g;
  }
}
