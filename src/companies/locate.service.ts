import { Injectable } from '@nestjs/common';
import { InvalidInputError, NotFoundError } from '../common/domain-error.js';
import { FilesService } from '../files/files.service.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { SNIPPET_MESSAGES } from '../shared/snippet-rules.js';

// What a shared link names: an EyeMail (its page or its report) or a video.
export type LocateTarget = { eyemail: string } | { video: string };

export const LOCATE_MESSAGES = {
  // The messages of a missing EyeMail and a missing file: one the caller may not open answers
  // exactly like one that does not exist.
  eyemailNotFound: SNIPPET_MESSAGES.notFound,
  videoNotFound: 'File not found.',
  oneTarget: 'Name one EyeMail (eyemail=<id>) or one video (video=<id>).',
} as const;

// Which of the caller's workspaces a link opens in (GET /api/workspaces/locate): the object's
// workspace when the caller is a member of it, whatever workspace they act in now; else 404 as
// for a missing object, so no one learns that it exists.
@Injectable()
export class LocateService {
  constructor(
    private readonly snippets: SnippetsService,
    private readonly files: FilesService,
    private readonly workspaces: WorkspacesService,
  ) {}

  async locate(userId: string, target: LocateTarget): Promise<{ workspaceId: string }> {
    const [workspaceId, notFound] =
      'eyemail' in target
        ? [await this.snippets.workspaceOf(target.eyemail), LOCATE_MESSAGES.eyemailNotFound]
        : [await this.files.workspaceOf(target.video, ['video']), LOCATE_MESSAGES.videoNotFound];
    if (!workspaceId || !(await this.workspaces.roleIn(userId, workspaceId))) throw new NotFoundError(notFound);
    return { workspaceId };
  }

  // The query's target: exactly one of eyemail= and video=.
  static targetOf(eyemail: unknown, video: unknown): LocateTarget {
    const given = (v: unknown): v is string => typeof v === 'string' && v !== '';
    if (given(eyemail) && !given(video)) return { eyemail };
    if (given(video) && !given(eyemail)) return { video };
    throw new InvalidInputError(LOCATE_MESSAGES.oneTarget);
  }
}
