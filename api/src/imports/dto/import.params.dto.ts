import { IsIn } from 'class-validator';
import { IMPORT_KINDS, type ImportKind } from '@portal/contracts';
import { MayOmit } from '../../common/may-omit';

export class ImportKindParamsDto {
  @IsIn(IMPORT_KINDS, { message: `kind must be one of ${IMPORT_KINDS.join(', ')}` })
  kind: ImportKind;
}

/** dryRun defaults to true: nothing is written unless the caller says dryRun=false. */
export class ImportQueryDto {
  @IsIn(['true', 'false'], { message: 'dryRun must be true or false' })
  @MayOmit()
  dryRun?: 'true' | 'false';
}
