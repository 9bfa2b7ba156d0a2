import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { CreatedAt, UuidPk, Varchar } from '../../common/columns';
import { User } from '../../users/entities/user.entity';
import { LeaveRequest } from './leave-request.entity';

/**
 * A document filed with a leave (a doctor's note): uploaded first, then attached to the leave it is filed with. Seen
 * by whoever may see the leave; goes with it.
 */
@Entity('leave_documents')
export class LeaveDocument {
  @UuidPk() id: string = randomUUID();
  /** Null until the leave it was uploaded for is filed. */
  @Index({ unique: true }) @Column({ type: 'varchar', length: 36, nullable: true }) leaveId: string | null;
  @ManyToOne(() => LeaveRequest, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'leaveId' }) leave?: LeaveRequest;
  /** Who uploaded it (the student, or the guardian filing for them): only they may file it with a leave. */
  @Index() @Column({ type: 'varchar', length: 36, nullable: true }) uploaderId: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'uploaderId' }) uploader?: User;
  @Varchar(255) fileName: string;
  @Varchar(100) mimeType: string;
  @Column({ type: 'int' }) size: number;
  @CreatedAt() createdAt: Date;
}

/** One slice of a document's bytes: `blob` holds 64 KiB on MySQL/MariaDB, so documents are kept as numbered slices. */
@Entity('leave_document_chunks')
export class LeaveDocumentChunk {
  @PrimaryColumn({ type: 'varchar', length: 36 }) documentId: string;
  @ManyToOne(() => LeaveDocument, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'documentId' }) document?: LeaveDocument;
  @PrimaryColumn({ type: 'int' }) seq: number;
  @Column({ type: 'blob' }) data: Buffer;
}
