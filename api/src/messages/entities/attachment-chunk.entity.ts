import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Attachment } from './message.entity';

/**
 * One slice of an attachment's bytes, for the database store (database-attachment-store.ts). `blob` is the one binary
 * type both drivers accept; on MySQL/MariaDB it holds 64 KiB, so files are kept as numbered slices below that.
 */
@Entity('attachment_chunks')
export class AttachmentChunk {
  @PrimaryColumn({ type: 'varchar', length: 36 }) attachmentId: string;
  @ManyToOne(() => Attachment, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'attachmentId' }) attachment?: Attachment;
  @PrimaryColumn({ type: 'int' }) seq: number;
  @Column({ type: 'blob' }) data: Buffer;
}
