import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

// Request bodies of the snippets API, for the OpenAPI document only: snippet-input.ts checks them
// at the edge with the shared rules in src/shared/snippet-rules.ts, so the server says exactly
// what the dashboard says.

export class SnippetPayloadDto {
  @ApiProperty({ maxLength: 240 }) title?: unknown;
  @ApiProperty({ description: 'id of the uploaded video file (POST files?type=video)', format: 'uuid' }) videoId?: unknown;
  @ApiPropertyOptional({ format: 'uuid', description: 'an uploaded GIF used as the fallback instead of the encoded one' }) gifId?: unknown;
  @ApiPropertyOptional({ enum: ['none', 'black', 'white'], default: 'none' }) videoOverlay?: unknown;
  @ApiPropertyOptional({ type: Boolean, default: false }) addVideoOverlay?: unknown;
  @ApiPropertyOptional({ format: 'uuid', description: 'Premium only' }) coverImageId?: unknown;
  @ApiPropertyOptional({ enum: ['above', 'below'], default: 'below' }) coverImagePlacement?: unknown;
  @ApiPropertyOptional({ enum: [0, 1, 2, 3], default: 1, description: 'x 8 px' }) coverImageSpacing?: unknown;
  @ApiPropertyOptional({ format: 'uuid', description: 'Premium only' }) logoImageId?: unknown;
  @ApiPropertyOptional({ enum: ['left', 'center', 'right'], default: 'left' }) logoImageAlignment?: unknown;
  @ApiPropertyOptional({ type: Number, minimum: 40, maximum: 600, default: 120 }) logoImageWidth?: unknown;
  @ApiPropertyOptional({ description: 'http or https' }) landingPageUrl?: unknown;
  @ApiPropertyOptional({ type: Number, minimum: 600, maximum: 800, default: 600 }) width?: unknown;
  @ApiPropertyOptional({
    description: 'Premium only. A JSON string: a list of up to 4 buttons {title, url, backgroundColor, fontColor, btnSize, fontSize, radius, bold}',
  })
  ctaButtonsJSON?: unknown;
  @ApiPropertyOptional({ description: 'Ignored: the server generates the button HTML' }) ctaButtonsHTML?: unknown;
  @ApiPropertyOptional({ description: 'the call-to-action video link (http or https)' }) videoURLData?: unknown;
  @ApiPropertyOptional({ format: 'uuid', description: 'the call-to-action video icon' }) videoLogoImgId?: unknown;
}

export class UpdateSnippetPayloadDto extends SnippetPayloadDto {
  @ApiProperty({ format: 'uuid' }) snippetId?: unknown;
}

export class SnippetIdDto {
  @ApiProperty({ format: 'uuid' }) snippetId?: unknown;
}

// DELETE snippets: the dashboard sends {SnippetId}; {snippetId} works too.
export class DeleteSnippetDto {
  @ApiPropertyOptional({ format: 'uuid' }) SnippetId?: unknown;
  @ApiPropertyOptional({ format: 'uuid' }) snippetId?: unknown;
}

export class SnippetStatusDto {
  @ApiProperty({ format: 'uuid' }) snippetId?: unknown;
  @ApiProperty({ type: Boolean }) status!: boolean;
}

// ---- responses (for the OpenAPI document) -------------------------------------------------------

class VideoUrlsDto {
  @ApiProperty({ nullable: true }) url!: string | null;
  @ApiProperty({ nullable: true }) thumbnailUrl!: string | null;
  @ApiProperty({ nullable: true }) gifUrl!: string | null;
}

class EncodingStateDto {
  @ApiProperty({ enum: ['queued', 'active', 'completed', 'failed'] }) state!: string;
  @ApiProperty() progress!: number;
}

export class SnippetUrlsDto {
  @ApiProperty({ description: '/livePreview/{id}' }) previewUrl!: string;
  @ApiProperty({ description: '/live/{id}' }) liveUrl!: string;
  @ApiProperty({ description: '/eyemail/{id} (the web view)' }) exportUrl!: string;
  @ApiProperty({ description: '/emailpreview/{id}' }) livePreviewUrlForEmail!: string;
}

export class SnippetViewDto extends SnippetUrlsDto {
  @ApiProperty({ format: 'uuid' }) snippet!: string;
  @ApiProperty() title!: string;
  @ApiProperty() status!: boolean;
  @ApiProperty({ format: 'date-time' }) dateCreatedUTC!: string;
  @ApiProperty({ format: 'date-time' }) dateUpdatedUTC!: string;
  @ApiProperty({ nullable: true }) thumbnailUrl!: string | null;
  @ApiProperty({ nullable: true }) landingPageUrl!: string | null;
  @ApiProperty({ nullable: true }) logoImageId!: string | null;
  @ApiProperty({ nullable: true }) logoImageUrl!: string | null;
  @ApiProperty({ enum: ['left', 'center', 'right'] }) logoImageAlignment!: string;
  @ApiProperty() logoImageWidth!: number;
  @ApiProperty({ nullable: true }) coverImageId!: string | null;
  @ApiProperty({ nullable: true }) coverImageUrl!: string | null;
  @ApiProperty({ enum: ['above', 'below'] }) coverImagePlacement!: string;
  @ApiProperty({ enum: [0, 1, 2, 3] }) coverImageSpacing!: number;
  @ApiProperty({ format: 'uuid' }) videoId!: string;
  @ApiProperty({ nullable: true }) videoUrl!: string | null;
  @ApiProperty({ nullable: true }) gifId!: string | null;
  @ApiProperty({ nullable: true }) gifUrl!: string | null;
  @ApiProperty({ type: VideoUrlsDto }) video!: VideoUrlsDto;
  @ApiProperty({ nullable: true }) videoLogoImgId!: string | null;
  @ApiProperty({ nullable: true }) videoLogoImgUrl!: string | null;
  @ApiProperty({ nullable: true }) videoURLData!: string | null;
  @ApiProperty() addVideoOverlay!: boolean;
  @ApiProperty({ enum: ['none', 'black', 'white'] }) videoOverlay!: string;
  @ApiProperty() width!: number;
  @ApiProperty({ description: 'JSON list of the validated buttons' }) ctaButtonsJSON!: string;
  @ApiProperty({ description: 'generated by the server' }) ctaButtonsHTML!: string;
  @ApiProperty({ type: EncodingStateDto, nullable: true }) encoding!: EncodingStateDto | null;
}

export class SnippetBriefDto {
  @ApiProperty({ format: 'uuid' }) snippet!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true }) thumbnailUrl!: string | null;
}

export class SnippetSlugDto {
  @ApiProperty({ example: 'spring-sale-3f2b8c1e' }) slug!: string;
  @ApiProperty({ description: 'opens the public viewer' }) url!: string;
}

export class SnippetExportDto {
  @ApiProperty({ description: 'the whole email document (the .html download)' }) html!: string;
  @ApiProperty() sizeBytes!: number;
  @ApiProperty({ description: 'the EyeMail block with its styles, to paste into an existing email' }) blockHtml!: string;
  @ApiProperty() blockSizeBytes!: number;
  @ApiProperty({ description: 'the platform code used' }) platform!: string;
}

export class PublicSnippetDto {
  @ApiProperty({ format: 'uuid' }) snippet!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true }) logoImageUrl!: string | null;
  @ApiProperty() logoImageAlignment!: string;
  @ApiProperty() logoImageWidth!: number;
  @ApiProperty({ nullable: true }) coverImageUrl!: string | null;
  @ApiProperty() coverImagePlacement!: string;
  @ApiProperty() coverImageSpacing!: number;
  @ApiProperty({ nullable: true }) videoUrl!: string | null;
  @ApiProperty({ nullable: true }) thumbnailUrl!: string | null;
  @ApiProperty({ nullable: true }) gifUrl!: string | null;
  @ApiProperty({ type: VideoUrlsDto }) video!: VideoUrlsDto;
  @ApiProperty({ nullable: true }) videoLogoImgUrl!: string | null;
  @ApiProperty({ nullable: true }) videoURLData!: string | null;
  @ApiProperty() width!: number;
  @ApiProperty() addVideoOverlay!: boolean;
  @ApiProperty() videoOverlay!: string;
  @ApiProperty() ctaButtonsHTML!: string;
  @ApiProperty({ nullable: true }) landingPageUrl!: string | null;
}

export class PasteHintDto {
  @ApiProperty() block!: string;
  @ApiProperty() document!: string;
}

export class EmailPlatformResponseDto {
  @ApiProperty({ example: 'mailchimp' }) code!: string;
  @ApiProperty({ example: 'Mailchimp' }) name!: string;
  @ApiProperty({ description: 'absolute /static/platforms/<code>.svg' }) iconUrl!: string;
  @ApiProperty({ description: 'the merge tag written into every link as v=' }) recipientTag!: string;
  @ApiProperty({ nullable: true }) unsubscribeTag!: string | null;
  @ApiProperty() notes!: string;
  @ApiProperty({ type: PasteHintDto, description: 'where to paste the export in this platform: the block, or the whole document' }) pasteHint!: PasteHintDto;
}

export class GlobalConfigDto {
  @ApiProperty({ example: 'https://app.eyemail.example' }) baseUrl!: string;
  @ApiProperty({ example: 'EyeMail' }) productTitle!: string;
}
