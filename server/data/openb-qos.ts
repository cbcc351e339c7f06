/** How the openb trace's pod QoS classes map to Verdant queue priorities (the demo seed and the simulator's workloads). */
/** Queue priority of each openb QoS class (higher runs first); unknown classes get 1. */
export const QOS_PRIORITY: Readonly<Record<string, number>> = { LS: 5, Guaranteed: 5, Burstable: 3, BE: 1 };
