import { Module } from '@nestjs/common';
import { ClientMetadataResolver } from './client-metadata-resolver';
import { MetadataDocumentFetcher } from './ports/metadata-document-fetcher';
import { UndiciMetadataDocumentFetcher } from './infrastructure/undici-metadata-document-fetcher';

/** Client-ID metadata documents (docs/oauth.md "Apps"). Needs CIMD_OPTIONS (AuthModule provides it). */
@Module({
  providers: [
    ClientMetadataResolver,
    { provide: MetadataDocumentFetcher, useClass: UndiciMetadataDocumentFetcher },
  ],
  exports: [ClientMetadataResolver],
})
export class CimdModule {}
