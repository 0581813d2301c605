import { Migration } from '@mikro-orm/migrations';

// A company is deleted only once it holds no file (issue 36: no stored object left behind).
// Deleting a company deletes its files first (their stored objects, a batch at a time), then its
// row, and the database deleted the workspace's rows with it. A video uploaded in between (its
// row committed after the files were deleted) went with the workspace's rows, its stored objects
// left behind. media_file's workspace key now refuses (NO ACTION, checked at the end of the
// statement) instead of cascading: the company's deletion then fails on such a file, and deletes
// the files again before it tries once more (companies/delete-company.service.ts). A personal
// workspace goes with its account, whose files go by their owner in the same statement, so that
// deletion is unchanged.
const WORKSPACE_KEY = (action: string) => `
  do $$
  declare c text;
  begin
    select conname into c from pg_constraint
    where conrelid = 'media_file'::regclass and contype = 'f' and confrelid = 'workspace'::regclass;
    execute format('alter table media_file drop constraint %I', c);
  end $$;
  alter table media_file add constraint media_file_workspace_id_fkey foreign key (workspace_id) references workspace (id) ${action}`;

export class Migration0040CompanyFilesKept extends Migration {
  override up(): void {
    this.addSql(WORKSPACE_KEY(''));
  }

  override down(): void {
    this.addSql(WORKSPACE_KEY('on delete cascade'));
  }
}
