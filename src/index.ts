// @neurosquad/card-sdk: the dependency-free client core.
export * from './contract/index.js';
export * from './client/index.js';
