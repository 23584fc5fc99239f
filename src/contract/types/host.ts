// What the host supports.

/** What the host supports (`host.capabilities`). */
export interface HostCapabilities {
  protocol: number;
  methods: string[];
  events: string[];
}
