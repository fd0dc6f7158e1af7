/** A temporary public address forwarding to a local port. */
export interface OpenTunnel {
  /** Public base URL, e.g. `https://quiet-owl.example.net`. */
  readonly url: string;
  close(): Promise<void>;
}

export interface TunnelOpenOptions {
  /** Local interface the server listens on; `127.0.0.1` unless given. */
  localHost?: string;
}

/** Opens public tunnels to local ports (libs/sdk/README.md "Public tunnel"); plug in any tunnelling service. */
export interface TunnelProvider {
  open(localPort: number, options?: TunnelOpenOptions): Promise<OpenTunnel>;
}
