import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsNotEmpty, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { MAX_GROUP_MEMBERS, type SaveGroupRequest } from '@portal/contracts';
import { trim } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';

export class SaveGroupDto implements SaveGroupRequest {
  @MaxLength(100, { message: 'Group name must be at most 100 characters' })
  @IsNotEmpty({ message: 'Group name is required' })
  @IsString({ message: 'Group name is required' })
  @Transform(trim)
  name: string;

  @MaxLength(1000, { message: 'Description must be at most 1000 characters' })
  @IsString()
  @Transform(trim)
  @MayOmit()
  description?: string;

  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'Colour must be a hex colour like #3B82F6' })
  @MayOmit()
  color?: string;

  @ArrayMaxSize(MAX_GROUP_MEMBERS, { message: `A group can have at most ${MAX_GROUP_MEMBERS} members` })
  @ArrayUnique({ message: 'A mentee can be in a group only once' })
  @IsUUID('4', { each: true, message: 'menteeIds must be mentee ids' })
  @IsArray({ message: 'menteeIds must be a list of mentee ids' })
  menteeIds: string[];
}
