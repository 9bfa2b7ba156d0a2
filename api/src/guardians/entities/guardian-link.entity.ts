import { randomUUID } from 'node:crypto';
import { Entity, Index } from 'typeorm';
import { CreatedAt, UuidPk, Varchar } from '../../common/columns';

/**
 * A guardian of a student. The guardian's account is the users module's (role guardian); the student's profile too:
 * ids only here, no foreign keys into another module's tables (an erased account's links go through the cleanup
 * registry). A link is what gives a guardian sight of a child: removed, that sight ends with the next request.
 */
@Entity('guardian_links')
@Index(['guardianId', 'menteeId'], { unique: true })
export class GuardianLink {
  @UuidPk() id: string = randomUUID();
  // Found by guardian through the unique (guardianId, menteeId) index.
  @Varchar(36) guardianId: string;
  @Index() @Varchar(36) menteeId: string;
  /** The admin who invited the guardian (null once that account is gone). */
  @Varchar(36, { nullable: true }) invitedById: string | null;
  @CreatedAt() createdAt: Date;
}
