import { IsBoolean, IsDefined } from 'class-validator';
import type { SetSafeguardingLeadRequest } from '@portal/contracts';

export class SetSafeguardingLeadDto implements SetSafeguardingLeadRequest {
  @IsDefined({ message: 'lead is required' })
  @IsBoolean({ message: 'lead must be true or false' })
  lead: boolean;
}
