import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';

/**
 * Where attachment bytes live: somewhere every API instance reaches, so a file uploaded through one downloads through
 * any other. The database store (database-attachment-store.ts) is the one in use; an S3-compatible store would
 * implement this class and be chosen in messages.module.ts from configuration.
 */
export abstract class AttachmentStore {
  /** Keeps the bytes of a new attachment whose row `tx` has just inserted; nothing stays if `tx` rolls back. */
  abstract put(tx: EntityManager, attachmentId: string, bytes: Buffer): Promise<void>;

  /** The bytes as a stream that fails if fewer than `size` arrive, or null when none are stored. */
  abstract open(attachmentId: string, size: number): Promise<Readable | null>;

  /**
   * Removes the bytes of attachments whose rows `tx` deletes: in `tx` for the database store, so rows and bytes go
   * together; a store outside the database would remove them once `tx` commits.
   */
  abstract remove(tx: EntityManager, attachmentIds: string[]): Promise<void>;
}
