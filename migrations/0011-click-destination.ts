import { Migration } from '@mikro-orm/migrations';

// Where each click went, as the report shows it: the landing page, the web view, the
// call-to-action video link or a button (destination_label: the button's label when clicked).
// Clicks stored before are filled in from their target and their snippet as it is now: no target
// is the web view; a target is the landing page, the video link or a button with that address.
export class Migration0011ClickDestination extends Migration {
  override up(): void {
    this.addSql(`alter table engagement
      add column destination text null check (destination in ('landing-page', 'web-view', 'video-link', 'button')),
      add column destination_label text null`);
    this.addSql(`update engagement set destination = 'web-view' where kind = 'click' and target is null`);
    this.addSql(`update engagement e set destination = 'landing-page'
      from snippet s where e.kind = 'click' and e.destination is null and s.id = e.snippet_id and e.target = s.landing_page_url`);
    this.addSql(`update engagement e set destination = 'video-link'
      from snippet s where e.kind = 'click' and e.destination is null and s.id = e.snippet_id and e.target = s.video_link_url`);
    const button = `from snippet s cross join jsonb_array_elements(s.cta_buttons) as btn where s.id = e.snippet_id and btn->>'url' = e.target`;
    this.addSql(`update engagement e set destination = 'button', destination_label = (select btn->>'title' ${button} limit 1)
      where e.kind = 'click' and e.destination is null and e.target is not null and exists (select 1 ${button})`);
  }

  override down(): void {
    this.addSql('alter table engagement drop column destination_label, drop column destination');
  }
}
