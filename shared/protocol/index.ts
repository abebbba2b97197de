export * from './common';
export * from './client';
export * from './server';
export * from './parse';
export * from './rest';
export * from './games';
