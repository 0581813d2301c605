import { Migration } from '@mikro-orm/migrations';

// A spec-02 play report (engagement kind 'play') names the viewer's play it belongs to (the play
// id of video_play, migration 0012), so a record can say how much of the video that play watched
// and whether the sound was on. Null for reports sent without one (older viewers, other senders).
export class Migration0013PlayLink extends Migration {
  override up(): void {
    this.addSql('alter table engagement add column play_id uuid null');
  }

  override down(): void {
    this.addSql('alter table engagement drop column play_id');
  }
}
