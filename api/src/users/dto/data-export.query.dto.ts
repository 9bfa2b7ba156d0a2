import { IsIn } from 'class-validator';
import { DATA_EXPORT_REQUESTERS, type DataExportRequester } from '@portal/contracts';

/** GET /api/admin/mentees/:id/data-export */
export class DataExportQueryDto {
  @IsIn(DATA_EXPORT_REQUESTERS, { message: 'requestedBy must be student or guardian' })
  requestedBy: DataExportRequester;
}
