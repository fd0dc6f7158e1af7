import { Module } from '@nestjs/common';
import { ClientMetadataResolver } from './client-metadata-resolver';
import { MetadataDocumentFetcher } from './metadata-document-fetcher';
import { UndiciMetadataDocumentFetcher } from './undici-metadata-document-fetcher';

/** Client-ID metadata documents (spec 2.2, 4.7). Needs CIMD_OPTIONS (AuthModule provides it). */
@Module({
  providers: [ClientMetadataResolver, { provide: MetadataDocumentFetcher, useClass: UndiciMetadataDocumentFetcher }],
  exports: [ClientMetadataResolver],
})
export class CimdModule {}
