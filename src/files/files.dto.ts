import { ApiProperty } from '@nestjs/swagger';
import { sameShape } from '../common/response-shape.js';
import { Field } from '../common/validation/rule.decorator.js';
import type { FileKind, FileListItem, FileView, StorageUsage } from '../shared/api-types.js';
import { Trimmed } from '../common/validation/transforms.js';
import { VIDEO_NAME_MAX, videoNameError } from '../shared/video-name.js';
import { FILE_KINDS } from './upload-rules.js';

// Response shapes, for the OpenAPI document: each tied to the type of src/shared the service
// returns (sameShape), so the two cannot drift apart.
export class FileViewDto {
  @ApiProperty({ format: 'uuid' }) fileId: string;
  @ApiProperty({ example: 'launch.mp4', description: 'The name the file was uploaded with' }) fileName: string;
  @ApiProperty({ enum: FILE_KINDS }) fileType: FileKind;
  @ApiProperty({ example: 'video/mp4', description: 'Images other than GIF are stored as image/jpeg' }) contentType: string;
  @ApiProperty({ description: 'Bytes stored' }) size: number;
  @ApiProperty({ example: 'https://eyemail.example/media/f/0b7c.../5d1e....mp4' }) url: string;
  @ApiProperty({ nullable: true, type: Number }) width: number | null;
  @ApiProperty({ nullable: true, type: Number }) height: number | null;
  @ApiProperty({ nullable: true, type: Number }) durationSecs: number | null;
  @ApiProperty({ example: '2025-01-31T10:00:00.000Z' }) dateUploadedUTC: string;
}
sameShape<FileViewDto, FileView>(true);

export class FileWithThumbnailDto extends FileViewDto {
  @ApiProperty({ nullable: true, type: String, description: 'Poster of the latest finished encoding, else a frame cut at upload' })
  thumbnailUrl: string | null;
}
sameShape<FileWithThumbnailDto, FileListItem['file']>(true);

export class VideoUserDto {
  @ApiProperty({ format: 'uuid' }) snippetId: string;
  @ApiProperty({ example: 'Spring sale', description: 'The EyeMail’s name' }) title: string;
}
sameShape<VideoUserDto, NonNullable<FileListItem['usedBy']>[number]>(true);

export class FileListItemDto {
  @ApiProperty({ type: FileWithThumbnailDto }) file: FileWithThumbnailDto;
  @ApiProperty({ example: 'launch', description: 'Without the extension' }) fileName: string;
  @ApiProperty() dateUploadedUTC: string;
  @ApiProperty({ type: VideoUserDto, isArray: true, required: false, description: 'Videos only: the workspace’s EyeMails that use the video, newest first' })
  usedBy?: VideoUserDto[];
}
sameShape<FileListItemDto, FileListItem>(true);

// PATCH files/{id}: a video's new name (shown without extension; the stored name keeps it).
export class RenameVideoDto {
  @Field({ example: 'Spring launch teaser', minLength: 1, maxLength: VIDEO_NAME_MAX, description: 'Trimmed; no line breaks' }, videoNameError)
  @Trimmed()
  name: string;
}

export class StorageUsageDto {
  @ApiProperty({ description: 'Bytes of the stored files plus the declared lengths of the unfinished uploads: the account’s, or in a company workspace the workspace’s when that leaves less room' })
  usedBytes: number;
  @ApiProperty({ description: 'That storage quota in bytes (STORAGE_QUOTA_MB, for an account and for a workspace alike)' }) quotaBytes: number;
}
sameShape<StorageUsageDto, StorageUsage>(true);
