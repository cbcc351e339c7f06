import { PageSkeleton } from "@/components/ui/page-skeleton";

export default function Loading() {
  return <PageSkeleton title="Grid zones and carbon feeds" blocks={3} />;
}
