import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MultipartFile } from '@fastify/multipart';
import { extname } from 'node:path';
import { In, IsNull, LessThan, type EntityManager, type Repository } from 'typeorm';
import { LEAVE_DOCUMENT_MAX_BYTES, type LeaveDocumentResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { Clock } from '../dates/clock';
import { LeaveDocument, LeaveDocumentChunk } from './entities/leave-document.entity';
import { LeaveException } from './leave.exception';

/** Below MySQL's BLOB limit of 64 KiB. */
const CHUNK_BYTES = 60 * 1024;
/** Chunks written per statement (~1 MB, far below max_allowed_packet as hex). */
const CHUNKS_PER_STATEMENT = 16;
/** What a doctor's note or a letter comes as; the content must match the extension. */
const ALLOWED: Record<string, { detected: string; mime: string }> = {
  '.pdf': { detected: 'application/pdf', mime: 'application/pdf' },
  '.jpg': { detected: 'image/jpeg', mime: 'image/jpeg' },
  '.jpeg': { detected: 'image/jpeg', mime: 'image/jpeg' },
  '.png': { detected: 'image/png', mime: 'image/png' },
};
export const LEAVE_DOCUMENT_MEDIA_TYPES = [...new Set(Object.values(ALLOWED).map((r) => r.mime))];
/** A leave's document with its bytes, as the routes that serve it answer it. */
export interface LeaveDocumentFile {
  document: { fileName: string; mimeType: string };
  bytes: Buffer;
}

/** An upload never filed with a leave goes when its uploader next uploads, a day on. */
const UNFILED_KEPT_MS = 24 * 3600_000;

/**
 * Documents filed with leave requests (the leaves module's): uploaded by the student or the guardian filing, attached
 * to the leave in its filing transaction, read by whoever may see that leave (LeavesService decides), gone with it.
 */
@Injectable()
export class LeaveDocumentsService {
  constructor(
    @InjectRepository(LeaveDocument) private readonly documents: Repository<LeaveDocument>,
    @InjectRepository(LeaveDocumentChunk) private readonly chunks: Repository<LeaveDocumentChunk>,
    private readonly clock: Clock,
  ) {}

  async upload(me: AuthUser, file: MultipartFile | undefined): Promise<LeaveDocumentResponse> {
    if (!file) throw LeaveException.documentRequired();
    const ext = extname(file.filename).toLowerCase();
    const rule = ALLOWED[ext];
    if (!rule) throw LeaveException.documentType();
    let buffer: Buffer;
    try {
      buffer = await file.toBuffer();
    } catch {
      throw LeaveException.documentTooLarge(LEAVE_DOCUMENT_MAX_BYTES);
    }
    if (!buffer.length) throw LeaveException.documentEmpty();
    if (buffer.length > LEAVE_DOCUMENT_MAX_BYTES) throw LeaveException.documentTooLarge(LEAVE_DOCUMENT_MAX_BYTES);
    const { fileTypeFromBuffer } = await import('file-type');
    if ((await fileTypeFromBuffer(buffer))?.mime !== rule.detected) throw LeaveException.documentMismatch(ext);
    const now = this.clock.now();
    const doc = this.documents.create({
      leaveId: null,
      uploaderId: me.id,
      fileName: file.filename.slice(0, 255),
      mimeType: rule.mime,
      size: buffer.length,
      createdAt: now,
    });
    await this.documents.manager.transaction(async (tx) => {
      // This uploader's earlier uploads never filed with a leave.
      await tx.delete(LeaveDocument, {
        uploaderId: me.id,
        leaveId: IsNull(),
        createdAt: LessThan(new Date(now.getTime() - UNFILED_KEPT_MS)),
      });
      await tx.save(doc);
      const rows: LeaveDocumentChunk[] = [];
      for (let seq = 0; seq * CHUNK_BYTES < buffer.length; seq++)
        rows.push({ documentId: doc.id, seq, data: buffer.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) });
      for (let i = 0; i < rows.length; i += CHUNKS_PER_STATEMENT)
        await tx
          .createQueryBuilder()
          .insert()
          .into(LeaveDocumentChunk)
          .values(rows.slice(i, i + CHUNKS_PER_STATEMENT))
          .updateEntity(false)
          .execute();
    });
    return { _id: doc.id, fileName: doc.fileName, mimeType: doc.mimeType, size: doc.size };
  }

  /** Files the uploader's unfiled document with this leave, in the filing transaction; anything else is refused. */
  async attach(tx: EntityManager, documentId: string, uploaderId: string, leaveId: string): Promise<void> {
    const res = await tx.update(LeaveDocument, { id: documentId, uploaderId, leaveId: IsNull() }, { leaveId });
    if (!res.affected) throw LeaveException.documentNotUsable();
  }

  /** A leave's document with its bytes (the caller has checked who may see the leave). */
  async read(leaveId: string): Promise<LeaveDocumentFile> {
    const document = await this.documents.findOneBy({ leaveId });
    if (!document) throw LeaveException.noDocument();
    const parts = await this.chunks.find({ where: { documentId: document.id }, order: { seq: 'ASC' } });
    return { document, bytes: Buffer.concat(parts.map((p) => p.data)) };
  }

  /** The documents filed with these leaves (their names and sizes, not their bytes), for the student's data export. */
  async filedWith(
    leaveIds: string[],
  ): Promise<Pick<LeaveDocument, 'leaveId' | 'fileName' | 'mimeType' | 'size' | 'createdAt'>[]> {
    if (!leaveIds.length) return [];
    return this.documents.find({
      where: { leaveId: In(leaveIds) },
      select: { leaveId: true, fileName: true, mimeType: true, size: true, createdAt: true },
    });
  }
}
