import { ApiProperty } from '@nestjs/swagger';
import { sameShape } from '../../common/response-shape.js';
import type { CountryItem, ProfilePicture, ProfileView, TimezoneItem, UserView } from '../../shared/account-types.js';
import type { ApiTier } from '../../shared/account-rules.js';

// Response shapes, for the OpenAPI document: each tied to the type of src/shared the mappers
// return (sameShape), so the two cannot drift apart.
export class UserViewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Ann Lee' }) fullName: string;
  @ApiProperty({ example: 'Ann' }) firstName: string;
  @ApiProperty({ example: 'Lee', nullable: true, type: String }) lastName: string | null;
  @ApiProperty({ example: 'ann@example.com' }) email: string;
  @ApiProperty({ nullable: true, type: String }) phoneNumber: string | null;
  @ApiProperty({ enum: ['standard', 'enterprise'] }) tier: ApiTier;
  @ApiProperty({ enum: ['user', 'admin'], description: 'An admin is sent to /admin-dashboard.' }) role: 'user' | 'admin';
  @ApiProperty() emailVerified: boolean;
  @ApiProperty({ nullable: true, type: String }) profilePictureUrl: string | null;
  @ApiProperty({ nullable: true, type: Number }) countryId: number | null;
  @ApiProperty({ nullable: true, type: Number }) timezoneId: number | null;
}
sameShape<UserViewDto, UserView>(true);

export class ProfileViewDto {
  @ApiProperty() firstName: string;
  @ApiProperty({ nullable: true, type: String }) lastName: string | null;
  @ApiProperty() email: string;
  @ApiProperty({ nullable: true, type: Number }) countryId: number | null;
  @ApiProperty({ nullable: true, type: Number }) timezoneId: number | null;
  @ApiProperty({ enum: ['standard', 'enterprise'] }) tier: ApiTier;
  @ApiProperty({ nullable: true, type: String }) profilePictureUrl: string | null;
}
sameShape<ProfileViewDto, ProfileView>(true);

export class ProfilePictureDto {
  @ApiProperty({ description: 'The new picture' }) profilePictureUrl: string;
}
sameShape<ProfilePictureDto, ProfilePicture>(true);

export class CountryItemDto {
  @ApiProperty() countryId: number;
  @ApiProperty({ example: 'France' }) countryName: string;
  @ApiProperty({ example: 'FR' }) countryCode: string;
}
sameShape<CountryItemDto, CountryItem>(true);

export class TimezoneItemDto {
  @ApiProperty() timezoneId: number;
  @ApiProperty({ example: 'Europe/Paris' }) timezoneName: string;
}
sameShape<TimezoneItemDto, TimezoneItem>(true);
