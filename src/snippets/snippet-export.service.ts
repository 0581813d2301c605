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
import { brandCompanyOf } from './snippet-brand.js';
import type { Tier } from '../shared/account-rules.js';

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

  // The EyeMail's tier is its creator's, as on its public pages and living media (the caller's
  // own when they made it, without a read).
  private async tierOf(user: AuthUser, ownerId: string): Promise<Tier> {
    return ownerId === user.id ? user.tier : ((await this.users.findById(ownerId))?.tier ?? user.tier);
  }

  // The workspace's (404), active (409), its video encoded (409 otherwise). Its brand is the
  // company's of a company workspace, else the caller's own company's (brandCompanyOf).
  async exportHtml(user: AuthUser, id: unknown, { platform, options }: ExportRequest): Promise<ExportResult> {
    const s = await this.owned.get(user.workspace.id, id);
    if (!s.status) throw new ConflictError(M.activateToExport);
    const [media, brandName, tier] = await Promise.all([
      this.media.mediaOf(s),
      this.users.companyNameOf(brandCompanyOf(s, user.companyId)),
      this.tierOf(user, s.ownerId),
    ]);
    const parts = renderSnippetEmailParts({ record: s, media, platform, options, publicBaseUrl: this.config.publicBaseUrl, tier, brandName });
    if (parts === null) throw new ConflictError(M.notReadyToExport);
    const { document: html, block } = parts;
    return { html, sizeBytes: Buffer.byteLength(html, 'utf8'), platform: platform.code, blockHtml: block, blockSizeBytes: Buffer.byteLength(block, 'utf8') };
  }
}
