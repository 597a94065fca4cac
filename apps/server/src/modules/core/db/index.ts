// The hub core's tables (docs/product/analysis-platform.md §3; the original hub's, with its known bugs
// fixed).
export * from './master-images.ts';
export * from './registries.ts';
export * from './nodes.ts';
export * from './projects.ts';
export * from './analyses.ts';
export * from './node-tasks.ts';
export * from './analysis-tasks.ts';
export * from './service-tasks.ts';
export * from './locks.ts';
