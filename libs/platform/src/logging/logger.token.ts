/** Injection token of the process's pino `Logger`; features take `.child({ component })` of it. */
export const LOGGER = Symbol('gatehouse.logger');
