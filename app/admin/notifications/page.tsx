import type { Metadata } from "next";
import { NotificationManager } from "@/components/admin/notifications/notification-manager";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage() {
  const caller = await api();
  const [subscriptions, deliveries, tenants, smtp] = await Promise.all([
    caller.notifications.subscriptions(),
    caller.notifications.deliveries(),
    caller.catalog.tenants(),
    caller.notifications.smtp(),
  ]);
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Webhooks and e-mail addresses receive job, quota, carbon feed and cluster events (webhooks as signed JSON); failed deliveries are retried with back-off and every attempt is listed below."
      />
      <NotificationManager subscriptions={subscriptions} deliveries={deliveries} tenants={tenants} smtp={smtp} />
    </>
  );
}
