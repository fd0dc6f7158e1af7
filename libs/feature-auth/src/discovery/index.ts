export * from './discovery.module';
export * from './discovery-document';
export * from './public-cors.middleware';
