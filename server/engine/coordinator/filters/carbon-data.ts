/**
 * Filter carbon-data: the cluster's intensity series (measured or forecast) covers the run window
 * [earliest start, + run time), so emissions can be stated. Unfit (the feed or the forecaster fills
 * the hours). Numbers: requested = the earliest start (epoch ms); subject = the grid zone. Recorded
 * only when failing.
 */
import { coversWindow } from "../../carbon/window";
import { unfit, type ClusterFilterPlugin } from "./types";

/** Rejects variants whose run window the intensity data does not cover (CARBON_SERIES_NOT_COVERING). */
export const carbonDataFilter: ClusterFilterPlugin = {
  name: "carbon-data",
  stage: "variant",
  check: ({ cluster, variant, window }) =>
    coversWindow(cluster.series, window.earliestMs, variant.durationS)
      ? null
      : unfit({ code: "CARBON_SERIES_NOT_COVERING", resource: "carbon-data", unit: "epochMs", requested: window.earliestMs, subject: cluster.zone }),
};
