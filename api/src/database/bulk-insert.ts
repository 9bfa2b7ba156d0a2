import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Multi-row insert in chunks. updateEntity(false) stops TypeORM from re-reading generated columns on MySQL,
 * which it merges back into the given rows by position and so can rebind ids to the wrong objects.
 */
export async function bulkInsert<T extends ObjectLiteral>(
  tx: EntityManager,
  entity: EntityTarget<T>,
  rows: Partial<T>[],
  chunk = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await tx
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values(rows.slice(i, i + chunk) as never)
      .updateEntity(false)
      .execute();
  }
}
