/**
 * The running cluster as scripts/start-cluster.mjs describes it in CLUSTER_STATE_FILE: its public
 * addresses and its API instances' ports and pids (the supervisor starts a dead one again).
 */
import { readFileSync } from 'node:fs';

/** The cluster journeys' ports: the shell at the base (scripts/lib/cluster.mjs). */
export const CLUSTER_PORT_BASE = Number(process.env.CLUSTER_PORT_BASE || 8100);

export interface ClusterInstance {
  index: number;
  port: number;
  pid: number | null;
  restarts: number;
}

export interface ClusterState {
  supervisorPid: number;
  shellUrl: string;
  apiUrl: string;
  apiInstances: ClusterInstance[];
}

export function readClusterState(): ClusterState {
  const file = process.env.CLUSTER_STATE_FILE;
  if (!file) throw new Error('CLUSTER_STATE_FILE is not set: run the cluster journeys through playwright.cluster.config.ts');
  return JSON.parse(readFileSync(file, 'utf8')) as ClusterState;
}
