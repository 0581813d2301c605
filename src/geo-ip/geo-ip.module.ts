import { Module } from '@nestjs/common';
import { GeoIpAdapter } from './geo-ip.adapter.js';

// The offline geo database (DB-IP Lite) behind one adapter, provided once for the ingest's
// request classifier.
@Module({
  providers: [GeoIpAdapter],
  exports: [GeoIpAdapter],
})
export class GeoIpModule {}
