import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsObject, Max, Min, ValidateIf, ValidateNested } from 'class-validator';
import {
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  type RetentionPeriods,
  type UpdateRetentionRequest,
} from '@portal/contracts';
import { MayOmit } from '../../common/may-omit';

const days = () => (target: object, key: string) => {
  ValidateIf((o: Record<string, unknown>) => o[key] !== null)(target, key);
  IsInt({ message: `${key} must be a whole number of days, or null to keep` })(target, key);
  Min(RETENTION_MIN_DAYS, { message: `${key} must be at least ${RETENTION_MIN_DAYS} days` })(target, key);
  Max(RETENTION_MAX_DAYS, { message: `${key} must be at most ${RETENTION_MAX_DAYS} days` })(target, key);
  MayOmit()(target, key);
};

export class RetentionPeriodsDto implements Partial<RetentionPeriods> {
  @days() chatMessages?: number | null;
  @days() deletedChats?: number | null;
  @days() notifications?: number | null;
  @days() deliveryLog?: number | null;
  @days() auditEntries?: number | null;
  @days() deactivatedAttendance?: number | null;
  @days() disclosureLog?: number | null;
}

/** PUT /api/admin/retention */
export class UpdateRetentionDto implements UpdateRetentionRequest {
  @ValidateNested()
  @Type(() => RetentionPeriodsDto)
  @IsObject({ message: 'periods must be an object of kind to days' })
  @IsDefined({ message: 'periods is required' })
  periods: RetentionPeriodsDto;
}
