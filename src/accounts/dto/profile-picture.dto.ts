import { ApiProperty } from '@nestjs/swagger';

export class ProfilePictureDto {
  @ApiProperty({ nullable: true, type: String }) profilePictureUrl: string | null;
}
