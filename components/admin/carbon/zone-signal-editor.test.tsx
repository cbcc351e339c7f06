// The zone signal form as admins see it: both signals offered, the zone's current one selected, and
// the server's field error and saved change shown where the form says.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { zoneSignalSchema } from "@/server/schemas/carbon-admin";
import { SIGNAL_OPTIONS, ZoneSignalForm, type ZoneSignalFormProps } from "./zone-signal-editor";

const base: ZoneSignalFormProps = { zoneId: "DE", value: "MARGINAL", onChange: () => {}, onSubmit: () => {}, pending: false };
const render = (over: Partial<ZoneSignalFormProps> = {}) => renderToStaticMarkup(<ZoneSignalForm {...base} {...over} />);

describe("zone signal form", () => {
  it("offers every signal the server accepts, with the zone's current one selected", () => {
    const html = render();
    for (const o of SIGNAL_OPTIONS) expect(zoneSignalSchema.safeParse({ zoneId: "DE", signalType: o.value }).success).toBe(true);
    expect(html.match(/<option /g)).toHaveLength(SIGNAL_OPTIONS.length);
    expect(html).toMatch(/<option value="MARGINAL" selected="">/);
    expect(html).not.toMatch(/<option value="AVERAGE" selected="">/);
    expect(html).toContain('<label for="signal-DE"');
  });

  it("shows the server's message for the field as an alert tied to the select, and the saved change", () => {
    const html = render({ error: 'Grid zone "DE" has WATTTIME feeds of the other signal' });
    expect(html).toContain('role="alert"');
    expect(html).toContain('aria-describedby="signal-DE-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(render({ saved: { before: "AVERAGE", after: "MARGINAL" } })).toContain("Saved: average → marginal");
    expect(render({ pending: true })).toContain("Saving…");
  });

  it("the server's schema refuses a value outside the two signals, naming the field", () => {
    const r = zoneSignalSchema.safeParse({ zoneId: "DE", signalType: "MIXED" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["signalType"]);
    expect(r.error?.issues[0]?.message).toBe("Choose average or marginal");
  });
});
