import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

// Profile bodies, for the OpenAPI document only (checked by parseProfile and parsePasswordChange in
// account-input.ts).
export class UpdateProfileDto {
  @ApiProperty({ example: 'Ann', maxLength: 90 })
  firstName: string;

  @ApiPropertyOptional({ example: 'Lee', maxLength: 90, nullable: true })
  lastName?: string | null;

  @ApiProperty({ example: 'ann@example.com' })
  email: string;

  @ApiProperty({ type: Number, nullable: true, description: 'countryId from GET countries, or null' })
  country: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'timezoneId from GET timezones, or null' })
  timezone: number | null;
}

export class ChangePasswordDto {
  @ApiProperty()
  currentPassword: string;

  @ApiProperty({ example: 'Secret456' })
  newPassword: string;

  @ApiPropertyOptional({ description: 'When sent, must equal newPassword.' })
  confirmPassword?: string;
}
