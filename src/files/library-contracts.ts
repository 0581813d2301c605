import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminVideo } from '../shared/admin-types.js';
import type { FileView } from './file.mapper.js';

// The contracts between the files module and the modules around it: what they tell it (usage
// checks, deletion listeners, media derived from videos, the EyeMails that use a video) and what
// it hands them. Exported through files.service.ts.

// Returns a refusal message when the file is in use (e.g. by an EyeMail), else null.
export type UsageCheck = (fileId: string) => Promise<string | null>;

// Told after a file was deleted, with who uploaded it (the profile forgets a deleted picture).
export type DeletionListener = (ownerId: string, file: FileView) => Promise<void>;

// What another module makes from uploaded videos (the videos module's encodings), told to the
// files module without it touching that module's tables.
export interface DerivedMedia {
  // Inside the transaction deleting the video: lock what was made from it and return its stored
  // keys (removed with the video).
  lockKeysMadeFrom(em: EntityManager, fileId: string): Promise<string[]>;
  // The thumbnail key of each video that has no upload poster.
  posterKeysOf(fileIds: string[]): Promise<Map<string, string>>;
  // For videos with a chosen cut: what My Videos shows and plays instead of the whole upload (what
  // their EyeMails use).
  cutViewsOf?(files: { fileId: string; url: string; durationSecs: number | null }[]): Promise<Map<string, { url: string; durationSecs: number | null }>>;
}

// The workspace's EyeMails that use each of these videos (the snippets module answers, in one
// query): My Videos shows them as "Used by N EyeMails".
export interface VideoUser {
  snippetId: string;
  title: string;
}
export type VideoUsersOf = (workspaceId: string, fileIds: string[]) => Promise<Map<string, VideoUser[]>>;

// Where an uploaded file's bytes are, for modules that process them (the encode job).
export interface StoredSource {
  fileId: string;
  ownerId: string;
  workspaceId: string;
  storageKey: string;
  contentType: string;
}

// A video as the admin's Media page lists it (GET Admin/GetAllVideos), with its owner's id in
// place of the address the page shows (the admin module looks the address up).
export type AdminVideoItem = Omit<AdminVideo, 'email'> & { ownerId: string };
