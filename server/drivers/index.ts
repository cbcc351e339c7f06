/**
 * Cluster drivers: the interface the control loop uses to run jobs on a cluster, the in-memory
 * simulated driver (demo default) and the Kubernetes driver.
 */
export * from "./types";
export { createManualClock, createSimClock, type ManualClock, type SimClock } from "./clock";
export { gpuPowerWatts, type GpuPowerModel } from "./gpu-power";
export { createSimulatedDriver, type SimulatedDriver, type SimulatedDriverOptions } from "./simulated-driver";
export { createKubernetesDriver, loadKubeConfig, type KubernetesDriverOptions, type KubeconfigSource } from "./kubernetes-driver";
