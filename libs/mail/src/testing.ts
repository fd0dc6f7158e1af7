export { InMemoryMailTransport } from './testing/in-memory-mail-transport';
