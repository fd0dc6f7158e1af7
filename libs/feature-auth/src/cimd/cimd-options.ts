/** Client-ID metadata document retrieval settings. */
export interface CimdOptions {
  /** GATEHOUSE_ALLOW_LOOPBACK_TARGETS: development only, lets documents be served on loopback. */
  allowLoopbackTargets: boolean;
}

export const CIMD_OPTIONS = Symbol('gatehouse.auth.cimdOptions');
