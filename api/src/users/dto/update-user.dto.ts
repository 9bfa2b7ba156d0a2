import type { UpdateUserRequest } from '@portal/contracts';
import { EmailField } from '../../common/is-email-address';

/** The role is not among the fields: it never changes. */
export class UpdateUserDto implements UpdateUserRequest {
  @EmailField()
  email: string;
}
