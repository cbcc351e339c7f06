"use client";
import { RouteError } from "@/components/ui/route-error";

export default function RouteErrorPage({ reset }: { error: Error; reset: () => void }) {
  return <RouteError what="the decision" reset={reset} />;
}
