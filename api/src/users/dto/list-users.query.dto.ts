import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { ROLES, USER_STATUSES, type ListUsersQuery, type Role, type UserStatus } from '@portal/contracts';
import { PageQueryDto } from '../../common/pagination.dto';
import { trim } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';

export class ListUsersQueryDto extends PageQueryDto implements ListUsersQuery {
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  @MayOmit()
  role?: Role;

  @IsIn(USER_STATUSES, { message: 'status must be active, inactive or pending' })
  @MayOmit()
  status?: UserStatus;

  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @IsString()
  @Transform(trim)
  @MayOmit()
  search?: string;
}
