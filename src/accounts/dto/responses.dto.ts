import { ApiProperty } from '@nestjs/swagger';

// Response shapes, for the OpenAPI document only (services return the mapper interfaces).
export class UserViewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Ann Lee' }) fullName: string;
  @ApiProperty({ example: 'Ann' }) firstName: string;
  @ApiProperty({ example: 'Lee', nullable: true, type: String }) lastName: string | null;
  @ApiProperty({ example: 'ann@example.com' }) email: string;
  @ApiProperty({ nullable: true, type: String }) phoneNumber: string | null;
  @ApiProperty({ enum: ['standard', 'enterprise'] }) tier: string;
  @ApiProperty({ enum: ['user', 'admin'], description: 'An admin is sent to /admin-dashboard.' }) role: string;
  @ApiProperty() emailVerified: boolean;
  @ApiProperty({ nullable: true, type: String }) profilePictureUrl: string | null;
  @ApiProperty({ nullable: true, type: Number }) countryId: number | null;
  @ApiProperty({ nullable: true, type: Number }) timezoneId: number | null;
}

export class ProfileViewDto {
  @ApiProperty() firstName: string;
  @ApiProperty({ nullable: true, type: String }) lastName: string | null;
  @ApiProperty() email: string;
  @ApiProperty({ nullable: true, type: Number }) countryId: number | null;
  @ApiProperty({ nullable: true, type: Number }) timezoneId: number | null;
  @ApiProperty({ enum: ['standard', 'enterprise'] }) tier: string;
  @ApiProperty({ nullable: true, type: String }) profilePictureUrl: string | null;
}

export class CountryItemDto {
  @ApiProperty() countryId: number;
  @ApiProperty({ example: 'France' }) countryName: string;
  @ApiProperty({ example: 'FR' }) countryCode: string;
}

export class TimezoneItemDto {
  @ApiProperty() timezoneId: number;
  @ApiProperty({ example: 'Europe/Paris' }) timezoneName: string;
}
