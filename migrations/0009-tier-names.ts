import { Migration } from '@mikro-orm/migrations';

// Account tiers stored by their own names, premium and express, instead of the API's legacy
// standard and enterprise (which the API still reads and answers, translated at its edge).
export class Migration0009TierNames extends Migration {
  override up(): void {
    this.addSql('alter table app_user drop constraint app_user_tier_check');
    this.addSql(`update app_user set tier = case tier when 'standard' then 'premium' when 'enterprise' then 'express' else tier end`);
    this.addSql(`alter table app_user add constraint app_user_tier_check check (tier in ('premium', 'express'))`);
  }

  override down(): void {
    this.addSql('alter table app_user drop constraint app_user_tier_check');
    this.addSql(`update app_user set tier = case tier when 'premium' then 'standard' when 'express' then 'enterprise' else tier end`);
    this.addSql(`alter table app_user add constraint app_user_tier_check check (tier in ('standard', 'enterprise'))`);
  }
}
