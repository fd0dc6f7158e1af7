export * from './common';
export * from './oauth';
export * from './webhooks';
export * from './net';
