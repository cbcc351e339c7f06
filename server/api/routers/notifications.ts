/** Notification subscriptions, their deliveries and the outgoing mail server: admins only. */
import { adminProcedure, router } from "../trpc";
import { notificationIdSchema, notificationSubscriptionSchema, smtpSettingSchema } from "../../schemas/notification-form";
import {
  getSmtpSetting,
  listDeliveries,
  listSubscriptions,
  removeSubscription,
  retryDelivery,
  saveSmtpSetting,
  saveSubscription,
  sendTestEvent,
} from "../../services/notifications/notification-service";

export const notificationsRouter = router({
  /** Subscriptions with their tenant's name; a secret only as "set". */
  subscriptions: adminProcedure.query(({ ctx }) => listSubscriptions(ctx.db)),
  /** The latest deliveries, newest first, each with its latest attempts. */
  deliveries: adminProcedure.query(({ ctx }) => listDeliveries(ctx.db)),
  save: adminProcedure.input(notificationSubscriptionSchema).mutation(({ ctx, input }) => saveSubscription(ctx.db, ctx.user.id, input, ctx.now())),
  remove: adminProcedure.input(notificationIdSchema).mutation(({ ctx, input }) => removeSubscription(ctx.db, ctx.user.id, input.id, ctx.now())),
  /** Sends a test event to the subscription at once. */
  sendTest: adminProcedure.input(notificationIdSchema).mutation(({ ctx, input }) => sendTestEvent(ctx.db, input.id, ctx.now())),
  /** Tries a failed delivery again at once. */
  retry: adminProcedure.input(notificationIdSchema).mutation(({ ctx, input }) => retryDelivery(ctx.db, input.id, ctx.now())),
  /** The outgoing mail server for e-mail subscriptions; its password only as "set". */
  smtp: adminProcedure.query(({ ctx }) => getSmtpSetting(ctx.db)),
  saveSmtp: adminProcedure.input(smtpSettingSchema).mutation(({ ctx, input }) => saveSmtpSetting(ctx.db, ctx.user.id, input, ctx.now())),
});
