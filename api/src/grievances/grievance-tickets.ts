import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager, type Repository } from 'typeorm';
import { Grievance, GrievanceTicketCounter } from './entities/grievance.entity';
import { GrievanceDeadlines } from './grievance-deadlines';
import { ticketOf } from './grievance.mapper';

/** Ticket numbers (GRV-2026-000123): one counter row a year, so that no number repeats however many file at once. */
@Injectable()
export class GrievanceTickets {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(Grievance) private readonly grievances: Repository<Grievance>,
    private readonly deadlines: GrievanceDeadlines,
  ) {}

  /** Grievances filed before ticket numbers existed get theirs (in filing order); migrations do so on MariaDB. */
  async assignMissingTickets(): Promise<void> {
    const missing = await this.grievances.find({
      where: { ticketNumber: IsNull() },
      select: { id: true, createdAt: true, priority: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    for (const g of missing) {
      const year = g.createdAt.getUTCFullYear();
      await this.ensureCounter(year);
      const deadlineAt = await this.deadlines.deadlineFor(g.createdAt, g.priority);
      await this.db.transaction(async (tx) => {
        const ticketNumber = await this.nextTicket(tx, year);
        await tx
          .createQueryBuilder()
          .update(Grievance)
          .set({ ticketNumber, deadlineAt })
          .where('id = :id AND ticketNumber IS NULL', { id: g.id })
          .execute();
      });
    }
  }

  /** The year's counter row exists before any filing transaction bumps it (two first filings must not both insert it). */
  async ensureCounter(year: number): Promise<void> {
    await this.db
      .createQueryBuilder()
      .insert()
      .into(GrievanceTicketCounter)
      .values({ year, lastNumber: 0 })
      .orIgnore()
      .execute();
  }

  /** The next number of the year: the UPDATE locks the counter row until the filing commits, so none repeats. */
  async nextTicket(tx: EntityManager, year: number): Promise<string> {
    await tx
      .createQueryBuilder()
      .update(GrievanceTicketCounter)
      .set({ lastNumber: () => 'lastNumber + 1' })
      .where('year = :year', { year })
      .execute();
    const row = await tx.findOneByOrFail(GrievanceTicketCounter, { year });
    return ticketOf(year, row.lastNumber);
  }
}
