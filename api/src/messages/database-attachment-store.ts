import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Readable } from 'node:stream';
import { In, MoreThanOrEqual, type EntityManager, type Repository } from 'typeorm';
import { AttachmentStore } from './attachment-store';
import { AttachmentChunk } from './entities/attachment-chunk.entity';

/** Below MySQL's BLOB limit of 64 KiB. */
export const CHUNK_BYTES = 60 * 1024;
/**
 * Chunks written or read per statement (~1 MB). MySQL sends binary parameters as hex text, so an INSERT of 1 MB is
 * ~2 MB: far below max_allowed_packet (16 MB on MariaDB, 4 MB on the oldest MySQL defaults), and a download never
 * holds more than this in memory.
 */
const CHUNKS_PER_STATEMENT = 16;

/** Attachment bytes in the database every instance shares (table attachment_chunks, owned by the messages module). */
@Injectable()
export class DatabaseAttachmentStore extends AttachmentStore {
  constructor(@InjectRepository(AttachmentChunk) private readonly chunks: Repository<AttachmentChunk>) {
    super();
  }

  async put(tx: EntityManager, attachmentId: string, bytes: Buffer): Promise<void> {
    const rows: AttachmentChunk[] = [];
    for (let seq = 0; seq * CHUNK_BYTES < bytes.length; seq++)
      rows.push({ attachmentId, seq, data: bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) });
    for (let i = 0; i < rows.length; i += CHUNKS_PER_STATEMENT)
      await tx
        .createQueryBuilder()
        .insert()
        .into(AttachmentChunk)
        .values(rows.slice(i, i + CHUNKS_PER_STATEMENT))
        .updateEntity(false)
        .execute();
  }

  async open(attachmentId: string, size: number): Promise<Readable | null> {
    const first = await this.batch(attachmentId, 0);
    if (!first.length) return null;
    const next = (from: number) => this.batch(attachmentId, from);
    const truncated = (sent: number) => new Error(`attachment ${attachmentId}: ${sent} of ${size} bytes stored`);
    async function* bytes(): AsyncGenerator<Buffer> {
      let seq = 0;
      let sent = 0;
      for (let batch = first; batch.length; batch = batch.length < CHUNKS_PER_STATEMENT ? [] : await next(seq))
        for (const chunk of batch) {
          // A missing chunk: the attachment was deleted while it was being read.
          if (chunk.seq !== seq++) throw truncated(sent);
          sent += chunk.data.length;
          yield chunk.data;
        }
      if (sent !== size) throw truncated(sent);
    }
    return Readable.from(bytes(), { objectMode: false });
  }

  async remove(tx: EntityManager, attachmentIds: string[]): Promise<void> {
    if (attachmentIds.length) await tx.delete(AttachmentChunk, { attachmentId: In(attachmentIds) });
  }

  private batch(attachmentId: string, fromSeq: number): Promise<AttachmentChunk[]> {
    return this.chunks.find({
      where: { attachmentId, seq: MoreThanOrEqual(fromSeq) },
      order: { seq: 'ASC' },
      take: CHUNKS_PER_STATEMENT,
    });
  }
}
