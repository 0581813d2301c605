import { Inject, Injectable } from '@nestjs/common';
import { UsersService } from '../accounts/users.service.js';
import { ConflictError } from '../common/domain-error.js';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { SnippetExport } from '../shared/api-types.js';
import { renderSnippetEmailParts } from './export/snippet-email.js';
import type { ExportRequest } from './export-query.js';
import { OwnedSnippets } from './owned-snippets.js';
import { SnippetMediaReader } from './snippet-media-reader.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';

export type ExportResult = SnippetExport;

// The email HTML of an EyeMail for a platform (GET snippets/:id/html; the query is checked by
// export-query.ts at the edge). docs/architecture.md "The path of an export".
@Injectable()
export class SnippetExportService {
  constructor(
    private readonly owned: OwnedSnippets,
    private readonly media: SnippetMediaReader,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // The caller's (404), active (409), its video encoded (409 otherwise).
  async exportHtml(user: AuthUser, id: unknown, { platform, options }: ExportRequest): Promise<ExportResult> {
    const s = await this.owned.get(user.id, id);
    if (!s.status) throw new ConflictError(M.activateToExport);
    const [media, brandName] = await Promise.all([this.media.mediaOf(s), this.users.companyNameOf(user.companyId)]);
    const parts = renderSnippetEmailParts({ record: s, media, platform, options, publicBaseUrl: this.config.publicBaseUrl, tier: user.tier, brandName });
    if (parts === null) throw new ConflictError(M.notReadyToExport);
    const { document: html, block } = parts;
    return { html, sizeBytes: Buffer.byteLength(html, 'utf8'), platform: platform.code, blockHtml: block, blockSizeBytes: Buffer.byteLength(block, 'utf8') };
  }
}
