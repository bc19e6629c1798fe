// Types of tooling/ports.cjs for the TypeScript that reads it (e2e/support/ports.ts).
type PortName = 'shell' | 'remoteAuth' | 'remoteMarketplace' | 'remoteCart' | 'remoteSeller' | 'remoteMessages' | 'remoteOps' | 'api';

export declare const PORTS: Readonly<Record<PortName, { env: string; defaultPort: number; offset: number }>>;
export declare const PAYSTACK_SANDBOX: { env: string; offset: number };
export declare function portEnvFromBase(base: number): Record<string, string>;
export declare function readPorts(env?: NodeJS.ProcessEnv): Record<PortName, number>;
