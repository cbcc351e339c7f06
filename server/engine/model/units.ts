/** Unit constants shared by the model: one whole GPU is 1,000 milli-GPU, one CPU core 1,000 milli-CPU. */

/** milli-GPU in one whole GPU. */
export const MILLI_GPU_PER_GPU = 1000;
/** milli-CPU in one CPU core. */
export const MILLI_CPU_PER_CORE = 1000;
