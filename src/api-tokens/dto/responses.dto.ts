import { ApiProperty } from '@nestjs/swagger';
import { sameShape } from '../../common/response-shape.js';
import type { ApiTokenView, FeedLinkView, NewApiToken } from '../../shared/integration-types.js';

// Response shapes of the API tokens and feed links, for the OpenAPI document: each tied to the
// type of src/shared the service returns (sameShape), so the two cannot drift apart.
class TokenMakerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Ada Lovelace' }) fullName: string;
}
sameShape<TokenMakerDto, ApiTokenView['createdBy']>(true);

export class ApiTokenViewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Zapier' }) name: string;
  @ApiProperty({ type: TokenMakerDto, description: 'Who made it: it reads the workspace while they are a member of it' }) createdBy: TokenMakerDto;
  @ApiProperty({ example: 'eym_AbC123…', description: 'The first characters of the token' }) hint: string;
  @ApiProperty({ type: [String], example: ['reports:read'] }) scopes: string[];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) lastUsedAt: string | null;
}
sameShape<ApiTokenViewDto, ApiTokenView>(true);

export class NewApiTokenDto extends ApiTokenViewDto {
  @ApiProperty({ example: 'eym_...', description: 'The token, shown this once: send it as Authorization: Bearer <token>' }) token: string;
}
sameShape<NewApiTokenDto, NewApiToken>(true);

class FeedLinkUrlsDto {
  @ApiProperty() json: string;
  @ApiProperty() xml: string;
  @ApiProperty() csv: string;
}
sameShape<FeedLinkUrlsDto, FeedLinkView['urls']>(true);

export class FeedLinkViewDto {
  @ApiProperty({ format: 'uuid' }) snippetId: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: FeedLinkUrlsDto, description: 'Absolute addresses, each with its key' }) urls: FeedLinkUrlsDto;
}
sameShape<FeedLinkViewDto, FeedLinkView>(true);
