import { Migration } from '@mikro-orm/migrations';

// The email's MP4 without its sound (the inbox video always plays muted; the track was about a
// quarter of the bytes every Apple Mail open downloads). mp4_key keeps the MP4 with sound, which
// the web view plays. Null on encodings made before, and when the video has no sound: mp4_key
// then serves email too.
export class Migration0030EmailMp4 extends Migration {
  override up(): void {
    this.addSql('alter table video_encoding add column email_mp4_key text null');
  }

  override down(): void {
    this.addSql('alter table video_encoding drop column email_mp4_key');
  }
}
