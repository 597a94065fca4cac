export { NodeAgent, defaultImageLocator, type AgentOptions } from './agent.ts';
export { loadConfig, ConfigError, type AgentConfig } from './config.ts';
export { ProcessDriver } from './drivers/process-driver.ts';
export * from './drivers/driver.ts';
export { unpackLayer } from './image/code-layer.ts';
